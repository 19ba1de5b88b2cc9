package dev.weft.instrument;

/** The program cannot be checked as given (missing class or classpath entry, no main, a class Weft cannot instrument). */
public final class BadProgramException extends Exception {
    public BadProgramException(String message) {
        super(message);
    }

    public BadProgramException(String message, Throwable cause) {
        super(message, cause);
    }
}
