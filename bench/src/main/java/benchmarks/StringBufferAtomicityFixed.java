package benchmarks;

/**
 * The fix of {@link StringBufferAtomicity}: append holds the other buffer's monitor across reading
 * its length and copying. Correct (the truncating thread takes only the other buffer's monitor,
 * so the nested locking cannot deadlock).
 */
public class StringBufferAtomicityFixed {
    static final class AtomicAppendBuffer extends StringBufferAtomicity.TextBuffer {
        @Override
        void append(StringBufferAtomicity.TextBuffer other) {
            synchronized (other) {
                super.append(other);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        StringBufferAtomicity.check(new AtomicAppendBuffer(), new StringBufferAtomicity.TextBuffer());
    }
}
