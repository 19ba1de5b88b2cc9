package subjects;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.nio.ByteOrder;

/** sun.misc.Unsafe's raw memory and byte-array views, one use per argument: what runs exactly, and what stops the run. */
@SuppressWarnings("removal")
public class UsesUnsafeRawMemory {
    private static final sun.misc.Unsafe UNSAFE = theUnsafe();
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    public static void main(String[] args) {
        switch (args[0]) {
            case "allocate-free" -> UNSAFE.freeMemory(UNSAFE.allocateMemory(8));
            case "reallocate-copy" -> reallocateAndCopy();
            case "zeroed" -> expect(0, UNSAFE.getInt(UNSAFE.allocateMemory(4)));
            case "load-average" -> expect(-1, UNSAFE.getLoadAverage(new double[3], 3));
            case "view-round-trip" -> {
                byte[] bytes = new byte[8];
                INTS.set(bytes, 4, 0x01020304); // plain: from JDK 22 on a byte-array view has no other access mode
                expect(0x01020304, (int) INTS.get(bytes, 4));
                expect(0, UNSAFE.getByte(bytes, UNSAFE.arrayBaseOffset(byte[].class) + 3L)); // a byte no view covers
            }
            case "mixed-sizes" -> {
                long address = UNSAFE.allocateMemory(8);
                UNSAFE.putLong(address, 1L);
                UNSAFE.getInt(address + 4);
            }
            case "after-free" -> {
                long address = UNSAFE.allocateMemory(8);
                UNSAFE.freeMemory(address);
                UNSAFE.putLong(address, 1L);
            }
            case "foreign-address" -> UNSAFE.getLong(4096L);
            case "past-the-end" -> UNSAFE.getLong(UNSAFE.allocateMemory(4));
            case "view-over-plain" -> {
                byte[] bytes = new byte[8];
                bytes[1] = 1;
                INTS.get(bytes, 0);
            }
            case "plain-over-view" -> {
                byte[] bytes = new byte[8];
                INTS.set(bytes, 4, 1);
                expect(0, bytes[6]);
            }
            case "unsafe-int-in-long-array" -> UNSAFE.getInt(new long[2], UNSAFE.arrayBaseOffset(long[].class) + 4L);
            case "buffer-view" -> MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN).get(java.nio.ByteBuffer.allocate(4), 0);
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    /** reallocateMemory keeps the bytes; setMemory and copyMemory work cell by cell. */
    private static void reallocateAndCopy() {
        long address = UNSAFE.allocateMemory(8);
        UNSAFE.putLong(address, 42L);
        long moved = UNSAFE.reallocateMemory(address, 24);
        expect(42, UNSAFE.getLong(moved));
        UNSAFE.setMemory(moved + 8, 8, (byte) 1);
        expect(0x0101010101010101L, UNSAFE.getLong(moved + 8));
        UNSAFE.copyMemory(moved, moved + 16, 8);
        expect(42, UNSAFE.getLong(moved + 16));
        UNSAFE.freeMemory(moved);
    }

    private static void expect(long expected, long actual) {
        if (expected != actual) {
            throw new AssertionError("expected " + expected + ", read " + actual);
        }
    }

    private static sun.misc.Unsafe theUnsafe() {
        try {
            Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            theUnsafe.setAccessible(true);
            return (sun.misc.Unsafe) theUnsafe.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
