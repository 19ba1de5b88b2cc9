package dev.weft.instrument;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The -javaagent entry point installs a transformer that instruments program classes and leaves the rest alone. */
class AgentTest {

    @Test
    void premainInstallsATransformerForProgramClassesOnly() throws Exception {
        List<ClassFileTransformer> transformers = new ArrayList<>();
        Instrumentation instrumentation = (Instrumentation) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {Instrumentation.class}, (proxy, method, args) -> {
                    if (method.getName().equals("addTransformer")) {
                        transformers.add((ClassFileTransformer) args[0]);
                    }
                    return null;
                });
        Agent.premain("subjects/Exc", instrumentation);
        ClassFileTransformer transformer = transformers.get(0);
        ClassLoader loader = getClass().getClassLoader();
        byte[] original;
        try (InputStream in = loader.getResourceAsStream("subjects/Fields.class")) {
            original = in.readAllBytes();
        }
        byte[] instrumented = transformer.transform(loader, "subjects/Fields", null, null, original);
        assertNotNull(instrumented);
        assertTrue(new String(instrumented, StandardCharsets.ISO_8859_1).contains("dev/weft/runtime/hooks/Hooks"));
        assertNotNull(Agent.symbols().fields().find("subjects/Fields", "total"));
        assertNull(transformer.transform(loader, "java/util/Fake", null, null, original));
        assertNull(transformer.transform(null, "subjects/Fields", null, null, original));
        assertNull(transformer.transform(loader, "org/junit/jupiter/api/Fake", null, null, original));
        assertNull(transformer.transform(loader, "subjects/Excluded", null, null, original));
    }
}
