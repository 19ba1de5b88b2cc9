package benchmarks;

/**
 * Bug (the papers' "PingPong"): the table hands the ball to the next player by first clearing the
 * current player and then setting the new one; a player hitting in between dereferences null
 * (NullPointerException).
 */
public class PingPong {
    static final class Player {
        private int hits;

        void hit() {
            hits = hits + 1;
        }
    }

    static class Table {
        private Player current;

        Table(Player first) {
            current = first;
        }

        void handOver(Player next) {
            current = null;
            current = next;
        }

        void play() {
            current.hit();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        check(new Table(new Player()));
    }

    static void check(Table table) throws InterruptedException {
        Player pong = new Player();
        Thread referee = new Thread(() -> table.handOver(pong));
        Thread ping = new Thread(() -> {
            table.play();
            table.play();
        });
        referee.start();
        ping.start();
        referee.join();
        ping.join();
    }
}
