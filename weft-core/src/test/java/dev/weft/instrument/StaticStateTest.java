package dev.weft.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Static state renders values, not identities, so equal states compare equal across runs. */
class StaticStateTest {
    static class Holder {
        static int number = 3;
        static String text = "hi";
        static Object nothing;
        static int[] numbers = {1, 2};
        static List<Object> list = new java.util.ArrayList<>(List.of(1, "two", new Object()));
        static AtomicInteger counter = new AtomicInteger(7);
        static Object shared = new Object();
        static Object alias = shared;
        static Thread.State state = Thread.State.NEW;
    }

    static class Large {
        static long[] filled = new long[10_000_000];
        static List<Integer> many = java.util.stream.IntStream.range(0, 1_002).boxed().toList();
    }

    @Test
    void rendersValuesElementsAndAliasesButNoIdentities() {
        Map<String, String> state = StaticState.of(List.of(Holder.class));
        String prefix = Holder.class.getName() + ".";
        assertEquals("3", state.get(prefix + "number"));
        assertEquals("\"hi\"", state.get(prefix + "text"));
        assertEquals("null", state.get(prefix + "nothing"));
        assertEquals("int[1, 2]", state.get(prefix + "numbers"));
        assertEquals("java.util.ArrayList[1, \"two\", java.lang.Object]", state.get(prefix + "list"));
        assertEquals("java.util.concurrent.atomic.AtomicInteger(7)", state.get(prefix + "counter"));
        assertEquals("java.lang.Object", state.get(prefix + "alias"));
        assertEquals("java.lang.Object (same as " + prefix + "alias)", state.get(prefix + "shared"));
        assertEquals("java.lang.Thread$State.NEW", state.get(prefix + "state"));
    }

    @Test
    void largeValuesRenderTheirFirstThousandElementsAndHowManyMore() {
        Map<String, String> state = StaticState.of(List.of(Large.class));
        String prefix = Large.class.getName() + ".";
        String filled = state.get(prefix + "filled");
        assertEquals("long[0, 0, 0", filled.substring(0, 12));
        assertEquals(", 0, … 9999000 more]", filled.substring(filled.length() - 20));
        assertEquals("long[0".length() + ", 0".length() * 999 + ", … 9999000 more]".length(), filled.length());
        assertEquals(", 999, … 2 more]", state.get(prefix + "many").substring(state.get(prefix + "many").length() - 16));
    }
}
