package subjects;

/** System.exit, Runtime.exit or Runtime.halt, chosen by the first argument. */
public class Exits {
    public static void main(String[] args) {
        switch (args[0]) {
            case "halt" -> Runtime.getRuntime().halt(4);
            case "runtime" -> Runtime.getRuntime().exit(5);
            default -> System.exit(3);
        }
        throw new AssertionError("exit returned");
    }
}
