package dev.weft.trace;

/**
 * Where an object was allocated: its class ({@link Symbols#classes()}) and the program location of the
 * allocation ({@link Symbols#locations()}), or -1 where Weft did not see the allocation (an object uninstrumented JDK code made).
 */
public record ObjectOrigin(int classId, int location) {

    /** "ArrayList@Main.java:12", or just the simple class name where the location is unknown. */
    public String describe(Symbols symbols) {
        String type = simpleName(symbols.classes().name(classId));
        return location < 0 ? type : type + "@" + symbols.locations().get(location).fileAndLine();
    }

    /** "ArrayList" for "java.util.ArrayList", "Account" for "Bank$Account", "Bank.1" for "Bank$1", "Node[]" for "[Lq.Node;", "int[][]" for "[[I". */
    private static String simpleName(String className) {
        if (!className.startsWith("[")) {
            String name = JdkCallSite.simpleName(className);
            String innermost = name.substring(name.lastIndexOf('.') + 1);
            return Character.isJavaIdentifierStart(innermost.charAt(0)) ? innermost : name;
        }
        int dims = className.lastIndexOf('[') + 1;
        String element = className.substring(dims);
        String name = switch (element.charAt(0)) {
            case 'Z' -> "boolean";
            case 'B' -> "byte";
            case 'C' -> "char";
            case 'S' -> "short";
            case 'I' -> "int";
            case 'J' -> "long";
            case 'F' -> "float";
            case 'D' -> "double";
            default -> JdkCallSite.simpleName(element.substring(1, element.length() - 1));
        };
        return name + "[]".repeat(dims);
    }
}
