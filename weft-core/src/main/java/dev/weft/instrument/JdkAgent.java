package dev.weft.instrument;

import java.lang.instrument.Instrumentation;

/**
 * Where the JVM hands Weft its {@link Instrumentation}: at start-up as weft.jar's {@code Launcher-Agent-Class}
 * ({@code java -jar}), or when {@link JdkInstrumentation} attaches to its own JVM. It only
 * keeps it; {@code --instrument-jdk} uses it ({@link JdkInstrumentation}).
 */
public final class JdkAgent {
    /** Read through the system class loader's copy of this class (the one the JVM hands it to). */
    public static volatile Instrumentation instrumentation;

    private JdkAgent() {
    }

    public static void agentmain(String options, Instrumentation given) {
        instrumentation = given;
    }

    /** Run in a helper JVM: attaches to the JVM {@code args[0]} and loads the agent jar {@code args[1]} there. */
    public static void main(String[] args) throws Exception {
        Class<?> vm = Class.forName("com.sun.tools.attach.VirtualMachine");
        Object attached = vm.getMethod("attach", String.class).invoke(null, args[0]);
        try {
            vm.getMethod("loadAgent", String.class).invoke(attached, args[1]);
        } finally {
            vm.getMethod("detach").invoke(attached);
        }
    }
}
