package subjects;

/** Loads and initialises every class named in its arguments; a class that fails verification ends main with the VerifyError. */
public class LoadAll {
    static int loaded;

    public static void main(String[] args) throws ClassNotFoundException {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        for (String name : args) {
            try {
                Class.forName(name, true, loader);
                loaded++;
            } catch (ExceptionInInitializerError | NoClassDefFoundError e) {
                if (e.getCause() instanceof VerifyError || e instanceof NoClassDefFoundError && e.getMessage() == null) {
                    throw e;
                }
            }
        }
    }
}
