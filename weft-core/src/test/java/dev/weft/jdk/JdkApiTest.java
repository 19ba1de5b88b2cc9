package dev.weft.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.jdk.JdkApi.Safety;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/** The one table of what JDK calls read, change and return. */
class JdkApiTest {

    /** A program class: its own state is its fields, which Weft follows anyway. */
    static final class Counter implements Iterable<Integer> {
        @Override
        public Iterator<Integer> iterator() {
            return List.<Integer>of().iterator();
        }
    }

    /** A program subclass of a JDK collection: its state is the JDK class's. */
    static final class Names extends ArrayList<String> {
    }

    @Test
    void objectsAreClassifiedByHowTheirCallsAreMadeThreadSafe() {
        assertEquals(Safety.PLAIN, JdkApi.safety(HashMap.class));
        assertEquals(Safety.PLAIN, JdkApi.safety(StringBuilder.class));
        assertEquals(Safety.PLAIN, JdkApi.safety(Names.class));
        assertEquals(Safety.CONCURRENT, JdkApi.safety(ConcurrentHashMap.class));
        assertEquals(Safety.CONCURRENT, JdkApi.safety(new ConcurrentHashMap<String, String>().keySet().getClass()));
        assertEquals(Safety.LOCKED, JdkApi.safety(Vector.class));
        assertEquals(Safety.LOCKED, JdkApi.safety(StringBuffer.class));
        assertEquals(Safety.LOCKED, JdkApi.safety(Collections.synchronizedMap(new HashMap<>()).getClass()));
    }

    @Test
    void immutableValuesAndProgramClassesHoldNoStateWeftFollows() {
        assertEquals(Safety.NONE, JdkApi.safety(String.class));
        assertEquals(Safety.NONE, JdkApi.safety(Integer.class));
        assertEquals(Safety.NONE, JdkApi.safety(List.of(1, 2).getClass()));
        assertEquals(Safety.NONE, JdkApi.safety(Map.of("a", 1).getClass()));
        assertEquals(Safety.NONE, JdkApi.safety(Collections.emptyList().getClass()));
        assertEquals(Safety.NONE, JdkApi.safety(Map.entry("a", 1).getClass()));
        assertEquals(Safety.NONE, JdkApi.safety(Counter.class));
    }

    @Test
    void viewsOfSynchronizedCollectionsLockExceptTheirIterators() {
        Map<String, Integer> locked = Collections.synchronizedMap(new HashMap<>());
        assertEquals(Safety.LOCKED, JdkApi.viewSafety(locked.keySet().getClass(), Safety.LOCKED));
        assertEquals(Safety.PLAIN, JdkApi.viewSafety(new HashMap<String, Integer>().keySet().iterator().getClass(), Safety.LOCKED));
        assertEquals(Safety.LOCKED, JdkApi.viewSafety(new Vector<String>().iterator().getClass(), Safety.LOCKED));
        assertEquals(Safety.LOCKED, JdkApi.viewSafety(Collections.unmodifiableCollection(locked.values()).getClass(), Safety.LOCKED));
        assertEquals(Safety.CONCURRENT, JdkApi.viewSafety(new ConcurrentLinkedQueue<String>().stream().getClass(), Safety.CONCURRENT));
    }

    @Test
    void readingCallsLeaveTheirReceiverAsItWas() {
        assertTrue(JdkApi.reads(HashMap.class, "get", false));
        assertTrue(JdkApi.reads(ArrayList.class, "contains", false));
        assertTrue(JdkApi.reads(StringBuilder.class, "length", false));
        assertFalse(JdkApi.reads(HashMap.class, "put", false));
        assertFalse(JdkApi.reads(ArrayList.class, "add", false));
        assertFalse(JdkApi.reads(StringBuilder.class, "append", false));
        assertFalse(JdkApi.reads(LinkedHashMap.class, "get", false), "an access-ordered map moves what get finds");
        assertTrue(JdkApi.reads(Iterator.class, "next", false), "moving one thread's iterator on only reads the collection");
        assertFalse(JdkApi.reads(Iterator.class, "next", true), "an iterator other threads can reach changes as it moves");
    }

    @Test
    void aChangingCallWhoseResultSaysItChangedNothingIsARead() {
        assertTrue(JdkApi.changedNothing(new ArrayDeque<>(), "poll", "()Ljava/lang/Object;", null));
        assertFalse(JdkApi.changedNothing(new ArrayDeque<>(), "poll", "()Ljava/lang/Object;", "x"));
        assertFalse(JdkApi.changedNothing(new LinkedList<>(), "poll", "()Ljava/lang/Object;", null), "a LinkedList may hold null");
        assertTrue(JdkApi.changedNothing(new ArrayList<>(), "add", "(Ljava/lang/Object;)Z", false));
        assertFalse(JdkApi.changedNothing(new HashMap<>(), "remove", "(Ljava/lang/Object;)Ljava/lang/Object;", false),
                "Map.remove returns the removed value, which may be false");
        assertTrue(JdkApi.changedNothing(new HashMap<>(), "putIfAbsent", "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", 1));
    }

    @Test
    void viewsAreTheCallsThatReturnALiveWindowOnTheirReceiver() {
        Map<String, Integer> map = new HashMap<>(Map.of("a", 1));
        assertTrue(JdkApi.returnsView(HashMap.class, "keySet", map.keySet()));
        assertTrue(JdkApi.returnsView(Iterator.class, "next", map.entrySet().iterator().next()), "a map's entry writes through");
        assertFalse(JdkApi.returnsView(HashMap.class, "get", new ArrayList<>()), "an element is not a view");
    }

    /** Subtyping as a class hierarchy would answer it, for the JDK types these tests name. */
    private static boolean isSubtype(String type, String ancestor) {
        try {
            return Class.forName(ancestor.replace('/', '.')).isAssignableFrom(Class.forName(type.replace('/', '.')));
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    private static boolean free(String owner, String name, String descriptor) {
        return JdkApi.isSideEffectFree(owner, name, descriptor);
    }

    private static boolean seen(String owner, String descriptor) {
        return JdkApi.effectsAreSeen(owner, descriptor, JdkApiTest::isSubtype);
    }

    @Test
    void sideEffectFreeCallsAndCallsWhoseEffectsAreSeenForTheBusyWaitRules() {
        assertTrue(free("java/lang/String", "length", "()I"));
        assertTrue(free("java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;"));
        assertTrue(free("java/lang/String", "equals", "(Ljava/lang/Object;)Z"));
        assertTrue(free("java/util/Optional", "isPresent", "()Z"));
        assertFalse(free("java/lang/Math", "random", "()D"), "moves a shared generator on");
        assertFalse(free("java/lang/String", "valueOf", "([C)Ljava/lang/String;"), "reads a mutable array inside the JDK");
        assertFalse(free("java/lang/String", "format", "(Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/String;"));
        assertFalse(free("java/lang/Integer", "getInteger", "(Ljava/lang/String;)Ljava/lang/Integer;"), "reads a system property");
        assertFalse(free("java/util/Map", "containsKey", "(Ljava/lang/Object;)Z"), "a collection's calls are events, not pure functions");
        assertFalse(free("java/lang/Thread", "getName", "()Ljava/lang/String;"), "only the tables' classes are known");
        assertTrue(seen("java/util/Map", "(Ljava/lang/Object;)Z"));
        assertTrue(seen("java/util/Queue", "()Ljava/lang/Object;"));
        assertTrue(seen("java/util/Iterator", "()Ljava/lang/Object;"));
        assertTrue(seen("java/util/Collection", "(Ljava/util/Collection;)Z"));
        assertTrue(seen("java/util/LinkedHashMap", "(Ljava/lang/Object;)Ljava/lang/Object;"));
        assertFalse(seen("java/util/List", "([Ljava/lang/Object;)[Ljava/lang/Object;"), "toArray(a) writes into the array");
        assertFalse(seen("java/util/ArrayList", "(Ljava/util/function/Consumer;)V"), "forEach runs the program's code");
        assertFalse(seen("java/lang/Thread", "()Ljava/lang/String;"), "not one of the families");
        assertTrue(JdkApi.mayHoldState("java/lang/Object", JdkApiTest::isSubtype));
        assertFalse(JdkApi.mayHoldState("java/lang/String", JdkApiTest::isSubtype));
    }
}
