package subjects;

/** Which of Weft's classes and dependencies the program can see (none, except what instrumented code calls). */
public class Isolation {
    static String visible = "";

    static boolean sees(String name) {
        try {
            Class.forName(name, false, Isolation.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    public static void main(String[] args) {
        for (String name : new String[] {"dev.weft.trace.Symbols", "org.objectweb.asm.ClassReader", "org.junit.jupiter.api.Test",
                "dev.weft.runtime.hooks.Hooks", "java.util.ArrayList"}) {
            if (sees(name)) {
                visible += name.substring(name.lastIndexOf('.') + 1) + " ";
            }
        }
    }
}
