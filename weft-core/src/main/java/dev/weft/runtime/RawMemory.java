package dev.weft.runtime;

import dev.weft.runtime.AccessTargets.Target;
import dev.weft.trace.AccessMode;
import dev.weft.trace.Address;
import dev.weft.trace.MemoryModel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code sun.misc.Unsafe}'s raw memory within one run: {@code allocateMemory}, {@code reallocateMemory},
 * {@code freeMemory}, {@code setMemory}, {@code copyMemory} and the accesses by address. Each block is an object of the
 * run named as a {@code new} would be (its thread and that thread's allocation count), and a cell inside it is the
 * location (block, byte offset): the same in every run that follows the same schedule, whatever the numeric address.
 * The addresses themselves depend on the allocating thread's own allocations only: each thread takes its blocks in
 * order from its own slice of an arena Weft reserves once per JVM, so a value computed from an address is what a
 * rerun of the thread computes. Memory comes zeroed (the JDK leaves it undefined, which no two runs would agree on).
 * {@code freeMemory} only marks the block: an access after it stops the run by name and cannot reach unmapped memory;
 * the arena is reused by the next run. An address not inside a block of the run stops it too.
 *
 * <p>Cells: {@link CellLayout}; a bulk operation reads and writes cell by cell (bytes no access touched become byte
 * cells), as the JDK's copy loops do, with other threads' steps between.
 */
@SuppressWarnings({"deprecation", "removal"})
final class RawMemory {
    /** Each thread's share of an arena. */
    static final long SLICE = 1L << 20;
    /** Threads that may allocate: the arena is {@code SLICES * SLICE} bytes, reserved (not touched) at once. */
    static final int SLICES = 64;
    /** The largest {@code setMemory}/{@code copyMemory}, in bytes: each byte of it may be an event of its own. */
    static final long LARGEST_BULK = 4096;
    private static final Deque<Long> FREE_ARENAS = new ArrayDeque<>();

    /** One {@code allocateMemory}: the object that names its cells. */
    static final class Block {
        final long base;
        final long size;
        final CellLayout layout = new CellLayout();
        boolean freed;

        Block(long base, long size) {
            this.base = base;
            this.size = size;
        }
    }

    private final Scheduler core;
    private final MemoryAccess memory;
    private final TreeMap<Long, Block> blocks = new TreeMap<>();
    /** Bytes each thread took from its slice. */
    private final Map<Integer, Long> used = new HashMap<>();
    private long arena;

    RawMemory(Scheduler core, MemoryAccess memory) {
        this.core = core;
        this.memory = memory;
    }

    /** {@code allocateMemory(size)}: a zeroed block from {@code me}'s slice. */
    long allocate(RunThread me, long size, int loc) {
        if (size < 0) {
            throw new IllegalArgumentException("negative size " + size);
        }
        if (size == 0) {
            return 0;
        }
        if (me.id >= SLICES) {
            core.unsupportedLocked("sun.misc.Unsafe.allocateMemory in a program's thread number " + me.id + " (Weft gives "
                    + SLICES + " threads raw memory)", loc);
        }
        long start = (used.getOrDefault(me.id, 0L) + 15) & -16L;
        if (start + size > SLICE) {
            core.unsupportedLocked("sun.misc.Unsafe.allocateMemory past " + (SLICE >> 20) + " MiB in one thread", loc);
        }
        used.put(me.id, start + size);
        long base = arena() + me.id * SLICE + start;
        UnsafeOffsets.unsafe().setMemory(base, size, (byte) 0);
        Block block = new Block(base, size);
        blocks.put(base, block);
        core.objects().allocated(block, me, loc);
        return base;
    }

    /** {@code freeMemory(address)}. */
    void free(RunThread me, long address, int loc) {
        if (address != 0) {
            live(address, "freeMemory", loc).freed = true;
        }
    }

    /** {@code reallocateMemory(address, size)}: a new block with the old one's bytes (as far as both reach), the old one freed. */
    long reallocate(RunThread me, long address, long size, int loc) {
        if (address == 0) {
            return allocate(me, size, loc);
        }
        Block old = live(address, "reallocateMemory", loc);
        long moved = allocate(me, size, loc);
        copy(me, address, moved, Math.min(size, old.size), loc);
        old.freed = true;
        return moved;
    }

    /** {@code setMemory(address, bytes, value)}: each cell of the range written with the byte repeated. */
    void set(RunThread me, long address, long bytes, byte value, int loc) {
        for (long[] cell : bulkCells(me, address, bytes, "setMemory", loc)) {
            char type = (char) cell[1];
            write(me, target(me, cell[0], type, loc), repeated(value, type), loc);
        }
    }

    /** {@code copyMemory(from, to, bytes)}: each cell of the source read, then written at the same place of the target. */
    void copy(RunThread me, long from, long to, long bytes, int loc) {
        List<long[]> cells = bulkCells(me, from, bytes, "copyMemory", loc);
        List<Object> values = new ArrayList<>();
        for (long[] cell : cells) {
            values.add(read(me, target(me, cell[0], (char) cell[1], loc), loc));
        }
        bulkCells(me, to, bytes, "copyMemory", loc); // the target range must be inside one block too
        for (int i = 0; i < cells.size(); i++) {
            long[] cell = cells.get(i);
            write(me, target(me, to + cell[0] - from, (char) cell[1], loc), values.get(i), loc);
        }
    }

    /** The cell of {@code type} at {@code address}, stopping the run where it is no exact cell of a live block. */
    Target target(RunThread me, long address, char type, int loc) {
        if (CellLayout.size(type) == 0) {
            core.unsupportedLocked("sun.misc.Unsafe object reference in raw memory", loc);
        }
        Block block = live(address, "access", loc);
        long offset = address - block.base;
        if (offset + CellLayout.size(type) > block.size) {
            core.unsupportedLocked("sun.misc.Unsafe access past the end of an allocateMemory block", loc);
        }
        if (!block.layout.claim(offset, type)) {
            core.unsupportedLocked("sun.misc.Unsafe raw memory read or written with mixed sizes or types (a " + CellLayout.size(type)
                    + "-byte " + type + " access at offset " + offset + " overlaps another access's bytes)", loc);
        }
        Address at = Address.arrayElement(core.objects().id(block, me), Math.toIntExact(offset));
        return new Target(at, MemoryCell.unsafe(null, address, type), type, true);
    }

    /** After the run: its arena serves the next run. */
    void release() {
        if (arena != 0) {
            synchronized (FREE_ARENAS) {
                FREE_ARENAS.push(arena);
            }
            arena = 0;
        }
    }

    private long arena() {
        if (arena == 0) {
            synchronized (FREE_ARENAS) {
                Long free = FREE_ARENAS.poll();
                arena = free != null ? free : UnsafeOffsets.unsafe().allocateMemory(SLICES * SLICE);
            }
        }
        return arena;
    }

    private Block live(long address, String what, int loc) {
        Map.Entry<Long, Block> entry = blocks.floorEntry(address);
        Block block = entry == null || address >= entry.getKey() + entry.getValue().size ? null : entry.getValue();
        if (block == null) {
            core.unsupportedLocked("sun.misc.Unsafe " + what + " at an address no allocateMemory of this run returned", loc);
        }
        if (block.freed) {
            core.unsupportedLocked("sun.misc.Unsafe " + what + " of memory already freed (freeMemory)", loc);
        }
        if (!what.equals("access") && address != block.base) {
            core.unsupportedLocked("sun.misc.Unsafe " + what + " inside a block, not at its start", loc);
        }
        return block;
    }

    /** The (offset from the block start as an address, type) of each cell of the range; bytes no access touched become byte cells. */
    private List<long[]> bulkCells(RunThread me, long address, long bytes, String what, int loc) {
        if (bytes > LARGEST_BULK) {
            core.unsupportedLocked("sun.misc.Unsafe." + what + " of more than " + LARGEST_BULK + " bytes", loc);
        }
        List<long[]> cells = new ArrayList<>();
        if (bytes <= 0) {
            return cells;
        }
        Block block = live(address, "access", loc);
        long offset = address - block.base;
        if (offset + bytes > block.size) {
            core.unsupportedLocked("sun.misc.Unsafe." + what + " past the end of an allocateMemory block", loc);
        }
        for (long at = offset; at < offset + bytes; ) {
            char type = block.layout.typeAt(at);
            if (type == 0 && block.layout.covers(at) || type != 0 && at + CellLayout.size(type) > offset + bytes) {
                core.unsupportedLocked("sun.misc.Unsafe." + what + " over part of an earlier access's bytes", loc);
            }
            type = type == 0 ? widestUntouched(block.layout, at, offset + bytes) : type;
            cells.add(new long[] {block.base + at, type});
            at += CellLayout.size(type);
        }
        return cells;
    }

    /**
     * The cell a bulk operation makes of untouched bytes from {@code at} (before {@code end}): the widest of 8, 4, 2 and 1
     * bytes that is aligned there, fits and touches no cell, so that a range set or copied before any other access
     * meets the program's aligned getLong or getInt later as the same cell.
     */
    private static char widestUntouched(CellLayout layout, long at, long end) {
        for (char type : new char[] {'J', 'I', 'S'}) {
            int size = CellLayout.size(type);
            if (at % size == 0 && at + size <= end && untouched(layout, at, size)) {
                return type;
            }
        }
        return 'B';
    }

    private static boolean untouched(CellLayout layout, long at, int size) {
        for (long i = at; i < at + size; i++) {
            if (layout.covers(i)) {
                return false;
            }
        }
        return true;
    }

    private Object read(RunThread me, Target target, int loc) {
        memory.beginRead(me, target.address(), AccessMode.PLAIN, target.type(), loc);
        Object loaded = target.cell().get();
        Object read = memory.completeRead(me, loaded);
        return core.model == MemoryModel.JMM ? JmmViews.cellForm(read, target.type()) : loaded;
    }

    private void write(RunThread me, Target target, Object value, int loc) {
        memory.write(me, target.address(), AccessMode.PLAIN, true, target.type(), value, loc, target::cell);
        target.cell().set(value);
    }

    /** The value of {@code type} whose every byte is {@code b}, boxed as the hooks receive it. */
    private static Object repeated(byte b, char type) {
        long bits = (b & 0xffL) * 0x0101010101010101L;
        return switch (type) {
            case 'F' -> Float.intBitsToFloat((int) bits);
            case 'D' -> Double.longBitsToDouble(bits);
            case 'Z' -> b != 0;
            case 'J' -> bits;
            case 'B' -> (int) (byte) bits;
            case 'S' -> (int) (short) bits;
            case 'C' -> (int) (char) bits;
            default -> (int) bits;
        };
    }
}
