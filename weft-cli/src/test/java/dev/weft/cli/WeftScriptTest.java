package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code weft} script at the repository's root, run over a stand-in jar (the real one is built
 * after the tests): it passes the JVM's exit status and standard input through, and turns a JVM that
 * died into exit status 4 with one line, and with --json a summary that says so.
 */
class WeftScriptTest {
    private static final String STAND_IN = """
            public class StandIn {
                public static void main(String[] args) throws Exception {
                    switch (args[0]) {
                        case "die" -> new ProcessBuilder("kill", "-KILL", Long.toString(ProcessHandle.current().pid())).start().waitFor();
                        case "echo" -> System.out.print(new String(System.in.readAllBytes()));
                        default -> System.exit(Integer.parseInt(args[0]));
                    }
                    if (args[0].equals("die")) {
                        Thread.sleep(60_000);
                    }
                }
            }
            """;

    record Outcome(int exit, String out, String err) {
    }

    /** A copy of the script beside a weft-cli/target/weft.jar whose main is {@link #STAND_IN}. */
    private static Path script(Path dir) throws IOException {
        Path classes = Fixtures.compile(dir.resolve("classes"), STAND_IN);
        Path jar = Files.createDirectories(dir.resolve("weft-cli/target")).resolve("weft.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "StandIn");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.putNextEntry(new ZipEntry("StandIn.class"));
            out.write(Files.readAllBytes(classes.resolve("StandIn.class")));
        }
        return Files.copy(Path.of("..", "weft"), dir.resolve("weft"));
    }

    private static Outcome run(Path script, String input, String... args) throws Exception {
        String[] command = new String[args.length + 2];
        command[0] = "bash";
        command[1] = script.toString();
        System.arraycopy(args, 0, command, 2, args.length);
        ProcessBuilder builder = new ProcessBuilder(command);
        // The script runs the java on the PATH: the one running the tests, which compiled the stand-in.
        builder.environment().put("PATH", Path.of(System.getProperty("java.home"), "bin") + java.io.File.pathSeparator
                + System.getenv("PATH"));
        Process weft = builder.start();
        try (OutputStream in = weft.getOutputStream()) {
            in.write(input.getBytes(StandardCharsets.UTF_8));
        }
        if (!weft.waitFor(60, TimeUnit.SECONDS)) {
            weft.descendants().forEach(ProcessHandle::destroyForcibly);
            weft.destroyForcibly();
            throw new AssertionError("the script did not end");
        }
        return new Outcome(weft.exitValue(), new String(weft.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(weft.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void theJvmsStatusAndInputPassThrough(@TempDir Path dir) throws Exception {
        Path script = script(dir);
        assertEquals(3, run(script, "", "3").exit());
        assertEquals(0, run(script, "", "0").exit());
        Outcome echo = run(script, "piped input", "echo");
        assertEquals(0, echo.exit(), echo.err());
        assertEquals("piped input", echo.out());
    }

    @Test
    void aJvmThatDiesIsWeftsFailureWithStatusFour(@TempDir Path dir) throws Exception {
        Outcome died = run(script(dir), "", "die", "--json");
        assertEquals(Main.ERROR, died.exit(), died.err());
        assertTrue(died.err().startsWith("weft: Weft failed: the checker JVM died (signal KILL) before it could report"), died.err());
        assertEquals(1, died.err().strip().lines().count(), died.err());
        JsonNode summary = new ObjectMapper().readTree(died.out());
        assertEquals("error", summary.get("verdict").asText());
    }
}
