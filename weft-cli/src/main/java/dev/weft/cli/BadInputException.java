package dev.weft.cli;

/** Bad usage or input the user can fix: printed as one line, exit status 2. */
final class BadInputException extends RuntimeException {
    BadInputException(String message) {
        super(message);
    }
}
