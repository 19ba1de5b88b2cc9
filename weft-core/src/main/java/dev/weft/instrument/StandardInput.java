package dev.weft.instrument;

import dev.weft.runtime.hooks.Hooks;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The program's standard input, read once for every run: the bytes come from the source (the checker's
 * own {@code System.in}, or the bytes a schedule file saved) when a run first needs them, and are kept,
 * so that every run reads the same bytes and then the same end of file. Each run reads through its own
 * stream ({@link #newRun}), which the program gets wherever it reads {@code System.in}.
 *
 * <p>A run's read of {@code n} bytes waits until {@code n} bytes or the end of the source are there, so
 * that how many bytes a read returns never depends on how the source delivered them (a pipe may hand
 * them over in pieces that differ from one session to the next); {@code available()} says 0 for the same
 * reason. Reads are no events: only one thread of a run may read (a second one stops the run as
 * unsupported), for which of two readers gets a byte first would be a choice no strategy sees.
 */
final class StandardInput {
    private final Supplier<InputStream> source;
    private InputStream in;
    private byte[] bytes = new byte[256];
    private int length;
    private boolean ended;

    /** @param source gives the stream to read, asked when a run first reads */
    StandardInput(Supplier<InputStream> source) {
        this.source = source;
    }

    /** Exactly {@code saved}, then end of file: what a replay reads. */
    static StandardInput of(byte[] saved) {
        StandardInput input = new StandardInput(() -> InputStream.nullInputStream());
        input.bytes = saved.clone();
        input.length = saved.length;
        input.ended = true;
        return input;
    }

    /** The bytes the runs read so far: every run that ended read a prefix of them. */
    synchronized byte[] read() {
        return Arrays.copyOf(bytes, length);
    }

    /** A fresh stream over the input, from its start. */
    InputStream newRun() {
        return new RunStream();
    }

    /** Reads from the source until {@code wanted} bytes are kept or it ends; returns how many are kept. */
    private synchronized int fill(long wanted) {
        try {
            while (length < wanted && !ended) {
                if (in == null) {
                    in = source.get();
                }
                if (length == bytes.length) {
                    bytes = Arrays.copyOf(bytes, bytes.length * 2);
                }
                int n = in.read(bytes, length, (int) Math.min(bytes.length - length, wanted - length));
                if (n < 0) {
                    ended = true;
                } else {
                    length += n;
                }
            }
            return length;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the standard input: " + e.getMessage(), e);
        }
    }

    private synchronized int copy(int from, byte[] into, int offset, int count) {
        System.arraycopy(bytes, from, into, offset, count);
        return count;
    }

    /** One run's view of the input. */
    private final class RunStream extends InputStream {
        private int position;
        private Thread reader;

        /** The run stops as unsupported when a second thread reads (see the class comment). */
        private synchronized void checkReader() {
            if (reader == null) {
                reader = Thread.currentThread();
            } else if (reader != Thread.currentThread()) {
                Hooks.unsupported("standard input read by two threads (" + reader.getName() + " and "
                        + Thread.currentThread().getName() + ")", -1);
            }
        }

        @Override
        public int read() {
            checkReader();
            if (fill(position + 1L) <= position) {
                return -1;
            }
            byte[] one = new byte[1];
            copy(position++, one, 0, 1);
            return one[0] & 0xff;
        }

        @Override
        public int read(byte[] into, int offset, int count) {
            java.util.Objects.checkFromIndexSize(offset, count, into.length);
            if (count == 0) {
                return 0;
            }
            checkReader();
            int kept = fill((long) position + count);
            if (kept <= position) {
                return -1;
            }
            int n = copy(position, into, offset, Math.min(count, kept - position));
            position += n;
            return n;
        }

        @Override
        public int available() {
            return 0;
        }
    }
}
