package subjects;

/** Final fields of a class whose constructor keeps {@code this} to itself, and of one whose constructor lets it escape. */
public class FinalFields {
    static Leaky last;
    static int sum;

    static final class Kept {
        final int x;

        Kept() {
            x = 1;
        }
    }

    static final class Leaky {
        final int y;

        Leaky() {
            y = 2;
            last = this;
        }
    }

    public static void main(String[] args) {
        sum = new Kept().x + new Leaky().y;
    }
}
