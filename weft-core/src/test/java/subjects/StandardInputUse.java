package subjects;

import java.io.ByteArrayInputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;

/** Ways to reach standard input, one per argument. */
public class StandardInputUse {
    static int read;

    public static void main(String[] args) throws IOException {
        switch (args[0]) {
            case "console" -> System.console();
            case "descriptor" -> new FileInputStream(FileDescriptor.in).close();
            case "set-in" -> {
                System.setIn(new ByteArrayInputStream(new byte[] {7}));
                read = System.in.read();
            }
            case "two-readers" -> {
                read = System.in.read();
                Thread other = new Thread(() -> {
                    try {
                        read = System.in.read();
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                });
                other.start();
                try {
                    other.join();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }
}
