package dev.weft.runtime;

import java.util.Map;
import java.util.TreeMap;

/**
 * The cells of one stretch of bytes (an {@code allocateMemory} block, a byte array read through views): where each
 * access of the run so far began and the type it read or wrote there. Weft's memory has one value per location, so an
 * access is exact only where it is exactly a cell of its own or touches bytes no access touched yet; one that overlaps
 * a cell of another extent or type (a {@code putLong} read back by {@code getInt} at +4) would need a value Weft cannot
 * compose and a conflict it cannot see, so the caller stops the run there. Cells never overlap.
 */
final class CellLayout {
    private final TreeMap<Long, Character> cells = new TreeMap<>();

    /** Whether an access of {@code type} at {@code offset} is a cell already or touches none (then it becomes one). */
    boolean claim(long offset, char type) {
        Map.Entry<Long, Character> last = cells.floorEntry(offset + size(type) - 1);
        if (last != null && last.getKey() + size(last.getValue()) > offset) {
            return last.getKey() == offset && last.getValue() == type;
        }
        cells.put(offset, type);
        return true;
    }

    /** Whether a cell covers {@code offset}. */
    boolean covers(long offset) {
        Map.Entry<Long, Character> cell = cells.floorEntry(offset);
        return cell != null && cell.getKey() + size(cell.getValue()) > offset;
    }

    /** The type of the cell that begins at {@code offset}, or 0. */
    char typeAt(long offset) {
        Character type = cells.get(offset);
        return type == null ? 0 : type;
    }

    /** The size in bytes of a value of descriptor type {@code type}; 0 for a reference. */
    static int size(char type) {
        return switch (type) {
            case 'B', 'Z' -> 1;
            case 'S', 'C' -> 2;
            case 'I', 'F' -> 4;
            case 'J', 'D' -> 8;
            default -> 0;
        };
    }
}
