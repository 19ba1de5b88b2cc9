package benchmarks;

/** The fix of {@link Airline}: checking for a seat and taking it hold the flight's monitor. Correct. */
public class AirlineSynchronized {
    static final class SynchronizedFlight extends Airline.Flight {
        SynchronizedFlight(int seats, int sellers) {
            super(seats, sellers);
        }

        @Override
        synchronized void sellOne(int seller) {
            super.sellOne(seller);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Airline.check(new SynchronizedFlight(2, 3));
    }
}
