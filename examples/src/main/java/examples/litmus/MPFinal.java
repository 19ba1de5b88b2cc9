package examples.litmus;

/**
 * Message passing through a final field (JLS 17.5): x=1 in a constructor; shared=the object ||
 * r0=(shared read); r1=its x. The constructor lets {@code this} escape after setting x, so Weft
 * instruments x, and the freeze at the constructor's end keeps x's write before the object's
 * publication. Forbidden r0=1, r1=0 under every model, PSO included (where plain MP allows it).
 */
public class MPFinal {
    static Box shared;
    static Box latest;
    static int r0, r1;

    static final class Box {
        final int x;

        Box() {
            x = 1;
            latest = this;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> shared = new Box(),
                () -> {
                    Box seen = shared;
                    r0 = seen == null ? 0 : 1;
                    r1 = seen == null ? 0 : seen.x;
                });
        Litmus.forbid(r0 == 1 && r1 == 0, "r0=1, r1=0");
    }
}
