package subjects;

/** A Thread subclass whose body throws, and a thread made with a group and a name but no Runnable. */
public class ThreadFailures {
    static String caught;

    static class Failing extends Thread {
        Failing(ThreadGroup group) {
            super(group, "failing");
        }

        @Override
        public void run() {
            throw new IllegalStateException("body failed");
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread failing = new Failing(Thread.currentThread().getThreadGroup());
        failing.setUncaughtExceptionHandler((thread, e) -> caught = e.getMessage());
        failing.start();
        failing.join();
    }
}
