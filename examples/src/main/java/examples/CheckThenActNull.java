package examples;

/**
 * NullPointerException: the reader checks that the shared session is not null and then reads
 * the field again to use it; the closer can clear it in between.
 */
public class CheckThenActNull {
    static final class Session {
        int requests;
    }

    static Session session;

    public static void main(String[] args) throws InterruptedException {
        session = new Session();
        Thread reader = new Thread(CheckThenActNull::serveRequest);
        Thread closer = new Thread(() -> session = null);
        reader.start();
        closer.start();
        reader.join();
        closer.join();
    }

    static void serveRequest() {
        if (session != null) {
            session.requests++;
        }
    }
}
