package dev.weft.oracle;

/** Recognises a thread that has called {@code System.exit} (or {@code Runtime.exit}) by its stack. */
final class Exits {
    private Exits() {
    }

    static boolean isExiting(StackTraceElement[] stack) {
        for (StackTraceElement frame : stack) {
            if (frame.getClassName().equals("java.lang.Runtime") && frame.getMethodName().equals("exit")) {
                return true;
            }
        }
        return false;
    }
}
