package subjects;

import java.util.List;

/** Constructors that keep {@code this} to themselves, and ways to let it escape. */
public final class ConstructorEscapes {
    private ConstructorEscapes() {
    }

    public static final class KeepsThis {
        final int x;
        int copy;

        KeepsThis(int x) {
            this.x = x;
            synchronized (this) {
                this.copy = this.x;
            }
        }
    }

    /** Its own field is not followed further: a later read of it could hand {@code this} on. */
    public static final class StoresThisInItsOwnField {
        final int x;
        StoresThisInItsOwnField self;

        StoresThisInItsOwnField() {
            x = 1;
            self = this;
        }
    }

    public static final class CallsAMethodOnThis {
        final int x;

        CallsAMethodOnThis() {
            x = 1;
            init();
        }

        private void init() {
        }
    }

    public static final class PassesThis {
        static final List<Object> ALL = new java.util.ArrayList<>();
        final int x;

        PassesThis() {
            ALL.add(this);
            x = 1;
        }
    }

    public static final class CapturesThis {
        final Runnable task;
        final int x;

        CapturesThis() {
            task = () -> System.out.println(this);
            x = 1;
        }
    }

    public static class StoresThisStatically {
        static StoresThisStatically last;

        StoresThisStatically() {
            last = this;
        }
    }

    public static final class InheritsALeak extends StoresThisStatically {
        final int x;

        InheritsALeak() {
            x = 1;
        }
    }
}
