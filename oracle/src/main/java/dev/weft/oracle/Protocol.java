package dev.weft.oracle;

/**
 * The line protocol between the oracle and its runner JVMs, and the escaping that keeps an outcome
 * (which may hold any string a program stored) on one line of tab-separated fields.
 */
final class Protocol {
    /** {@code start <program> <run>}: a run begins. */
    static final String START = "start";
    /** {@code outcome <program> <text>}: a run ended with this outcome. */
    static final String OUTCOME = "outcome";
    /** {@code hang <program>}: a run did not end within the run timeout; the runner JVM ends after it. */
    static final String HANG = "hang";
    /** {@code exit <program> <location> <state>}: the program called System.exit; its status is the runner's exit status. */
    static final String EXIT = "exit";
    /** {@code stray-exit <program>}: a thread of an earlier run called System.exit; the run in progress does not count. */
    static final String STRAY_EXIT = "stray-exit";
    /** {@code error <program> <message>}: the program cannot be run at all (no such class, no main). */
    static final String ERROR = "error";
    /** {@code program-done <program>}: the runner made every run it was given for this program, or ran out of time. */
    static final String PROGRAM_DONE = "program-done";
    /** {@code done}: the runner finished its whole work list. */
    static final String DONE = "done";

    private Protocol() {
    }

    static String line(Object... fields) {
        StringBuilder line = new StringBuilder();
        for (Object field : fields) {
            if (line.length() > 0) {
                line.append('\t');
            }
            line.append(escape(String.valueOf(field)));
        }
        return line.toString();
    }

    static String[] fields(String line) {
        String[] fields = line.split("\t", -1);
        for (int i = 0; i < fields.length; i++) {
            fields[i] = unescape(fields[i]);
        }
        return fields;
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    static String unescape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\' || i + 1 == text.length()) {
                out.append(c);
                continue;
            }
            char next = text.charAt(++i);
            out.append(switch (next) {
                case 't' -> '\t';
                case 'n' -> '\n';
                case 'r' -> '\r';
                default -> next;
            });
        }
        return out.toString();
    }
}
