package examples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Runs a catalogued program's {@code main} once on plain JVM threads, for tests that check the
 * programs themselves. Each run gets its own class loader, so static state starts anew as it does
 * under the checker, and its own thread group, so an exception in any of the program's threads
 * counts as a failure.
 */
public final class IsolatedRun {
    private IsolatedRun() {
    }

    /** The program's {@code public static void main(String[])}, loaded by {@code loader}. */
    public static Method mainMethod(String className, ClassLoader loader) {
        try {
            Method main = Class.forName(className, false, loader).getMethod("main", String[].class);
            if (!Modifier.isStatic(main.getModifiers()) || main.getReturnType() != void.class) {
                throw new IllegalArgumentException(className + ".main is not a static void method");
            }
            return main;
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("no class " + className, e);
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(className + " has no public main(String[])", e);
        }
    }

    /**
     * Runs {@code className}'s main with no arguments; returns normally only if main ends within
     * {@code limit} and no thread of the program has died of an uncaught exception by then.
     */
    public static void run(String className, Duration limit) throws InterruptedException {
        Method main = mainMethod(className, new FreshLoader(IsolatedRun.class.getClassLoader()));
        // As the java launcher does, run main even when its class is not public.
        main.setAccessible(true);
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        ThreadGroup group = new ThreadGroup("isolated " + className) {
            @Override
            public void uncaughtException(Thread thread, Throwable failure) {
                failures.add(failure);
            }
        };
        Thread runner = new Thread(group, () -> {
            try {
                main.invoke(null, (Object) new String[0]);
            } catch (InvocationTargetException e) {
                failures.add(e.getCause());
            } catch (IllegalAccessException e) {
                failures.add(e);
            }
        }, "main");
        // Daemon, so that a program that hangs cannot keep the test JVM alive; its threads inherit this.
        runner.setDaemon(true);
        runner.start();
        runner.join(limit.toMillis());
        if (runner.isAlive()) {
            throw new AssertionError(className + " did not finish within " + limit);
        }
        if (!failures.isEmpty()) {
            throw new AssertionError(className + " failed: " + failures.get(0), failures.get(0));
        }
    }

    /** Defines the program's classes anew from the bytes its usual loader sees; the JDK comes from the platform loader. */
    private static final class FreshLoader extends ClassLoader {
        private final ClassLoader source;

        FreshLoader(ClassLoader source) {
            super(ClassLoader.getPlatformClassLoader());
            this.source = source;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            try (InputStream in = source.getResourceAsStream(name.replace('.', '/') + ".class")) {
                if (in == null) {
                    throw new ClassNotFoundException(name);
                }
                byte[] bytes = in.readAllBytes();
                return defineClass(name, bytes, 0, bytes.length);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read class " + name, e);
            }
        }
    }
}
