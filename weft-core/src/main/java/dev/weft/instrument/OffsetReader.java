package dev.weft.instrument;

import org.objectweb.asm.ClassReader;

/** A class reader that tells its visitors the original bytecode offset of the instruction being visited. */
final class OffsetReader extends ClassReader {
    private int currentOffset;

    OffsetReader(byte[] bytes) {
        super(bytes);
    }

    @Override
    protected void readBytecodeInstructionOffset(int bytecodeOffset) {
        currentOffset = bytecodeOffset;
    }

    int currentOffset() {
        return currentOffset;
    }
}
