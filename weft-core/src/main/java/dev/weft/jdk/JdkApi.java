package dev.weft.jdk;

import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import java.util.stream.BaseStream;

/**
 * What Weft knows of the JDK's API, in one place: which JDK objects hold state that calls read or
 * change (collections, maps, their views and iterators, string builders, bit sets, streams), how each
 * is thread-safe, which methods leave their receiver as it was, which return a view of it, and what
 * a call may do with the objects passed to it. The runtime follows calls on such objects with it
 * ({@code dev.weft.runtime.JdkObjects}); the instrumentation asks it which call sites to follow, and
 * whether a JDK call leaves state behind that no event shows ({@link #isSideEffectFree},
 * {@link #effectsAreSeen}).
 *
 * <p>The tables are by method name within the families above (a collection's {@code get} and a bit
 * set's {@code get} both only read), which their APIs allow; where a name misleads, a class says so
 * here ({@code LinkedHashMap.get} may reorder an access-ordered map, any {@code WeakHashMap} call may
 * expunge entries).
 */
public final class JdkApi {

    /** How a JDK object's calls order with other threads' calls on it. */
    public enum Safety {
        /** Holds no state a call can change (not one of the families above, or immutable): its calls are no events. */
        NONE,
        /** Not thread-safe: its calls are plain accesses of its state, which race unless something else orders them. */
        PLAIN,
        /**
         * Thread-safe by holding a monitor through every call ({@code Vector}, {@code Hashtable},
         * {@code StringBuffer}, the {@code Collections.synchronized*} wrappers and their collection views):
         * a program that holds that monitor keeps other threads' calls out.
         */
        LOCKED,
        /** Thread-safe without a monitor the program can hold ({@code java.util.concurrent}'s collections): calls synchronize on the state itself. */
        CONCURRENT
    }

    /** The families of JDK types whose instances hold state that calls read or change (internal names). */
    public static final List<String> STATE_TYPES = List.of("java/util/Collection", "java/util/Map", "java/util/Iterator",
            "java/util/Enumeration", "java/util/Spliterator", "java/util/Map$Entry", "java/lang/StringBuilder",
            "java/lang/StringBuffer", "java/util/BitSet", "java/util/stream/BaseStream", "java/util/concurrent/Semaphore",
            "java/util/concurrent/CyclicBarrier", "java/util/concurrent/Phaser", "java/util/concurrent/Exchanger",
            "java/util/concurrent/locks/StampedLock", "java/util/concurrent/locks/AbstractQueuedSynchronizer",
            "java/util/concurrent/locks/AbstractQueuedLongSynchronizer", "java/util/concurrent/locks/Condition");

    /**
     * The synchronizers among those families: their calls block and wake threads, which only their JDK code, instrumented,
     * shows (Weft has no model of them at the level of their API).
     */
    private static final Set<String> SYNCHRONIZERS = Set.of("java.util.concurrent.Semaphore", "java.util.concurrent.CyclicBarrier",
            "java.util.concurrent.Phaser", "java.util.concurrent.Exchanger", "java.util.concurrent.locks.StampedLock",
            "java.util.concurrent.locks.AbstractQueuedSynchronizer", "java.util.concurrent.locks.AbstractQueuedLongSynchronizer");

    /** The JDK's conditions of those synchronizers, which block and wake threads too (inner classes: a condition's enclosing instance is its synchronizer). */
    private static final Set<String> CONDITION_OBJECTS = Set.of("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
            "java.util.concurrent.locks.AbstractQueuedLongSynchronizer$ConditionObject");

    /** Supertypes of those families a variable may be declared as while it holds one of them. */
    private static final Set<String> WIDER_TYPES = Set.of("java/lang/Object", "java/lang/Iterable", "java/lang/CharSequence",
            "java/lang/Appendable", "java/io/Serializable", "java/lang/Cloneable", "java/lang/Comparable", "java/util/RandomAccess",
            "java/lang/AutoCloseable");

    /** JDK classes of those families whose instances never change (List.of, Collections.emptyList, Map.entry ...). */
    private static final List<String> IMMUTABLE_PREFIXES = List.of("java.util.ImmutableCollections$", "java.util.Collections$Empty",
            "java.util.Collections$Singleton", "java.util.Collections$CopiesList", "java.util.KeyValueHolder",
            "java.util.AbstractMap$SimpleImmutableEntry");

    /** Classes whose every method holds the object's own monitor, their subclasses included. */
    private static final List<Class<?>> SELF_LOCKED = List.of(Vector.class, Hashtable.class, StringBuffer.class);

    /** Wrappers that hold a monitor through each call: Collections.synchronized*, and Vector's own iterators and views. */
    private static final List<String> LOCKED_PREFIXES = List.of("java.util.Collections$Synchronized", "java.util.Vector$");

    /** Wrappers that only pass calls on: they are as thread-safe as what they wrap. */
    private static final List<String> FORWARDING_PREFIXES = List.of("java.util.Collections$Unmodifiable", "java.util.Collections$Checked");

    /** Methods that leave their receiver (and the object it is a view of) as it was, in every family above. */
    private static final Set<String> READING = Set.of("size", "isEmpty", "contains", "containsAll", "containsKey", "containsValue",
            "get", "getOrDefault", "indexOf", "lastIndexOf", "equals", "hashCode", "toString", "toArray", "peek", "peekFirst",
            "peekLast", "element", "getFirst", "getLast", "first", "last", "firstKey", "lastKey", "firstEntry", "lastEntry", "floor",
            "ceiling", "lower", "higher", "floorKey", "ceilingKey", "lowerKey", "higherKey", "floorEntry", "ceilingEntry",
            "lowerEntry", "higherEntry", "comparator", "iterator", "listIterator", "descendingIterator", "spliterator", "stream",
            "keySet", "values", "entrySet", "navigableKeySet", "descendingKeySet", "descendingMap", "descendingSet", "headMap",
            "tailMap", "subMap", "headSet", "tailSet", "subSet", "subList", "reversed", "sequencedKeySet", "sequencedValues",
            "sequencedEntrySet", "forEach", "hasNext", "hasPrevious", "nextIndex", "previousIndex", "hasMoreElements", "getKey",
            "getValue", "clone", "elements", "keys", "capacity", "search", "elementAt", "firstElement", "lastElement", "mappingCount",
            "length", "charAt", "codePointAt", "codePointBefore", "codePointCount", "offsetByCodePoints", "substring", "subSequence",
            "chars", "codePoints", "getChars", "compareTo", "cardinality", "nextSetBit", "nextClearBit", "previousSetBit",
            "previousClearBit", "intersects", "toByteArray", "toLongArray", "estimateSize", "characteristics",
            "getExactSizeIfKnown", "hasCharacteristics", "getComparator", "asIterator");

    /** Iterator methods that move the iterator on: they read the collection, and change the iterator itself. */
    private static final Set<String> ADVANCING = Set.of("next", "previous", "nextElement", "tryAdvance", "forEachRemaining", "trySplit");

    /** Methods whose result is a view of their receiver's state (not a copy, not an element). */
    private static final Set<String> VIEWS = Set.of("keySet", "values", "entrySet", "navigableKeySet", "descendingKeySet",
            "descendingMap", "descendingSet", "headMap", "tailMap", "subMap", "headSet", "tailSet", "subSet", "subList", "iterator",
            "listIterator", "descendingIterator", "spliterator", "stream", "parallelStream", "elements", "keys", "reversed",
            "sequencedKeySet", "sequencedValues", "sequencedEntrySet", "asIterator", "trySplit");

    /** Methods that only read the objects passed to them: they keep no reference to them. */
    private static final Set<String> ONLY_READ_ARGUMENTS = Set.of("equals", "contains", "containsAll", "containsKey", "containsValue",
            "indexOf", "lastIndexOf", "remove", "removeAll", "retainAll", "get", "append", "insert", "compareTo", "contentEquals",
            "intersects", "and", "or", "xor", "andNot");

    /** Methods that keep the objects passed to them without reading their state ({@code list.add(other)}). */
    private static final Set<String> STORING = Set.of("add", "addFirst", "addLast", "put", "putIfAbsent", "putFirst", "putLast",
            "set", "offer", "offerFirst", "offerLast", "push", "replace", "addElement", "insertElementAt", "setElementAt", "setValue");

    /** Static methods of {@code java.util.Collections} that change their first argument. */
    private static final Set<String> COLLECTIONS_CHANGING = Set.of("sort", "shuffle", "reverse", "swap", "fill", "copy", "rotate",
            "replaceAll", "addAll");

    /** Static methods of {@code java.util.Collections} whose result is a view of their first argument. */
    private static final List<String> COLLECTIONS_VIEW_PREFIXES = List.of("unmodifiable", "synchronized", "checked", "newSetFromMap",
            "asLifoQueue", "enumeration");

    /** Classes whose static methods keep no reference to what they are given. */
    private static final Set<String> STATIC_KEEPING_NOTHING = Set.of("java/util/Collections", "java/util/Objects", "java/lang/String",
            "java/lang/System", "java/lang/Math", "java/lang/StrictMath", "java/lang/CharSequence", "java/lang/Integer",
            "java/lang/Long", "java/lang/Short", "java/lang/Byte", "java/lang/Double", "java/lang/Float", "java/lang/Boolean",
            "java/lang/Character");

    /** Classes whose instances keep no reference to what their methods are given. */
    private static final Set<String> INSTANCES_KEEPING_NOTHING = Set.of("java/lang/Object", "java/lang/String", "java/io/PrintStream",
            "java/io/PrintWriter");

    /**
     * Final classes of immutable values: their methods are free of side effects when their arguments
     * are primitives or such values ({@link #isSideEffectFree}).
     */
    private static final Set<String> VALUE_CLASSES = Set.of("java/lang/Math", "java/lang/StrictMath", "java/lang/String",
            "java/lang/Integer", "java/lang/Long", "java/lang/Short", "java/lang/Byte", "java/lang/Character", "java/lang/Boolean",
            "java/lang/Float", "java/lang/Double");

    /**
     * Methods of those classes that are not free of side effects: they draw random numbers, write into
     * an argument ({@code getChars}), read global state (system properties, the intern pool) or run
     * program code ({@code format}, {@code join}: an argument's {@code toString}).
     */
    private static final Set<String> VALUE_METHODS_WITH_EFFECTS = Set.of("random", "getChars", "getBytes", "intern", "getInteger",
            "getLong", "getBoolean", "format", "formatted", "join", "describeConstable", "resolveConstantDesc", "chars", "codePoints",
            "lines");

    /** Further methods free of side effects, as {@code owner.name+descriptor}. */
    private static final Set<String> FREE_METHODS = Set.of(
            "java/lang/Object.getClass()Ljava/lang/Class;",
            "java/lang/Thread.currentThread()Ljava/lang/Thread;",
            "java/util/Objects.requireNonNull(Ljava/lang/Object;)Ljava/lang/Object;",
            "java/util/Objects.requireNonNull(Ljava/lang/Object;Ljava/lang/String;)Ljava/lang/Object;",
            "java/util/Objects.isNull(Ljava/lang/Object;)Z",
            "java/util/Objects.nonNull(Ljava/lang/Object;)Z",
            "java/util/Objects.checkIndex(II)I",
            "java/util/Optional.isPresent()Z",
            "java/util/Optional.isEmpty()Z",
            "java/util/Optional.get()Ljava/lang/Object;");

    private static final ClassValue<Safety> SAFETY = new ClassValue<>() {
        @Override
        protected Safety computeValue(Class<?> type) {
            return classSafety(type);
        }
    };

    /** Per program class: method name and descriptor to whether a call of it runs the JDK's code ({@link #implementedInJdk}). */
    private static final ClassValue<Map<String, Boolean>> JDK_IMPLEMENTED = new ClassValue<>() {
        @Override
        protected Map<String, Boolean> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };

    private JdkApi() {
    }

    // ------------------------------------------------------------------ types (instrumentation: by internal name)

    /**
     * Whether calls on an object of {@code type} (a JDK class or a program subclass) may block and wake threads: a
     * synchronizer or a blocking queue, whose calls only their instrumented JDK code follows faithfully.
     */
    public static boolean blocksThreads(Class<?> type) {
        if (java.util.concurrent.BlockingQueue.class.isAssignableFrom(type)) {
            return true;
        }
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (SYNCHRONIZERS.contains(c.getName()) || CONDITION_OBJECTS.contains(c.getName())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a variable of type {@code internalName} may hold an object of the families above;
     * {@code isSubtypeOf} tells whether a type is a subtype of another (the caller's class hierarchy).
     */
    public static boolean mayHoldState(String internalName, BiPredicate<String, String> isSubtypeOf) {
        return WIDER_TYPES.contains(internalName) || isStateType(internalName, isSubtypeOf);
    }

    private static boolean isStateType(String internalName, BiPredicate<String, String> isSubtypeOf) {
        for (String family : STATE_TYPES) {
            if (isSubtypeOf.test(internalName, family)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a call of the JDK method {@code owner.name descriptor} ({@code owner}: the class that
     * declares it) is a pure function, for the purity of busy-wait loops
     * ({@code dev.weft.instrument.HiddenState}): a method of an immutable value class whose arguments
     * are primitives or such values ({@code String.length}, {@code Integer.valueOf}, {@code Math.max},
     * but not {@code Math.random} or {@code String.format}), or one of a few more
     * ({@code Optional.isPresent}, {@code Objects.requireNonNull}).
     */
    public static boolean isSideEffectFree(String owner, String name, String descriptor) {
        if (FREE_METHODS.contains(owner + "." + name + descriptor)) {
            return true;
        }
        // equals compares with instanceof, never calls its argument
        return VALUE_CLASSES.contains(owner) && !VALUE_METHODS_WITH_EFFECTS.contains(name) && !name.equals("<init>")
                && (name.equals("equals") && descriptor.equals("(Ljava/lang/Object;)Z") || argumentsAre(descriptor, VALUE_CLASSES::contains));
    }

    /**
     * Whether the runtime sees every effect of a call of {@code owner.name descriptor} made from
     * instrumented program code, for the purity of busy-wait loops: a call on an object of the families
     * above, given only primitives, values, {@code Object}s or objects of the families. On an object
     * another thread can reach, the call is an event that reads or changes its state; on one only its
     * own thread reaches, a change is no event, and the runtime tells the thread's busy-wait watch
     * instead. Not so: a call given an array (it may write into it) or code to run (a lambda, a
     * comparator). The program code such a call runs on its elements ({@code equals}, {@code hashCode})
     * is instrumented: what it writes is recorded, and it is taken to allocate nothing that matters.
     */
    public static boolean effectsAreSeen(String owner, String descriptor, BiPredicate<String, String> isSubtypeOf) {
        return isStateType(owner, isSubtypeOf) && argumentsAre(descriptor,
                type -> VALUE_CLASSES.contains(type) || type.equals("java/lang/Object") || isStateType(type, isSubtypeOf));
    }

    /** Whether every argument of {@code descriptor} is a primitive or an object of a class {@code allowed} accepts (arrays never are). */
    private static boolean argumentsAre(String descriptor, Predicate<String> allowed) {
        int i = 1;
        while (descriptor.charAt(i) != ')') {
            char sort = descriptor.charAt(i);
            if (sort == '[') {
                return false;
            }
            if (sort == 'L') {
                int end = descriptor.indexOf(';', i);
                if (!allowed.test(descriptor.substring(i + 1, end))) {
                    return false;
                }
                i = end;
            }
            i++;
        }
        return true;
    }

    // ------------------------------------------------------------------ objects (runtime: by class)

    /** How calls on an object of {@code type} are made thread-safe, or {@link Safety#NONE} if they change no state. */
    public static Safety safety(Class<?> type) {
        return SAFETY.get(type);
    }

    /**
     * The safety of a view of an object of safety {@code parent} (an iterator, key set, sub-list,
     * stream ...): a synchronized wrapper locks, a forwarding one is as safe as what it wraps, and
     * the iterators, spliterators and streams of a synchronized collection are not synchronized.
     */
    public static Safety viewSafety(Class<?> view, Safety parent) {
        Safety own = safety(view);
        if (own == Safety.LOCKED || own == Safety.CONCURRENT || own == Safety.NONE) {
            return own;
        }
        if (startsWithAny(view.getName(), FORWARDING_PREFIXES)) {
            return parent;
        }
        return parent == Safety.LOCKED ? Safety.PLAIN : parent;
    }

    private static Safety classSafety(Class<?> type) {
        Class<?> jdk = type;
        while (!isJdk(jdk)) {
            jdk = jdk.getSuperclass();
        }
        if (!holdsState(jdk) || startsWithAny(jdk.getName(), IMMUTABLE_PREFIXES)) {
            return Safety.NONE;
        }
        for (Class<?> locked : SELF_LOCKED) {
            if (locked.isAssignableFrom(jdk)) {
                return Safety.LOCKED;
            }
        }
        if (startsWithAny(jdk.getName(), LOCKED_PREFIXES)) {
            return Safety.LOCKED;
        }
        return jdk.getName().startsWith("java.util.concurrent.") ? Safety.CONCURRENT : Safety.PLAIN;
    }

    /**
     * The synchronizer whose {@code ConditionObject} {@code condition} is (an inner class of AbstractQueuedSynchronizer or
     * AbstractQueuedLongSynchronizer: its enclosing instance), or null for any other object, or when the JDK's package is
     * not open to Weft (no class of it is instrumented).
     */
    public static Object conditionOwner(Object condition) {
        Class<?> type = condition == null ? null : condition.getClass();
        while (type != null && !CONDITION_OBJECTS.contains(type.getName())) {
            type = type.getSuperclass();
        }
        if (type == null) {
            return null;
        }
        try {
            Field outer = type.getDeclaredField("this$0");
            outer.setAccessible(true);
            return outer.get(condition);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Whether {@code condition} belongs to a program's own synchronizer (a subclass of AbstractQueuedSynchronizer or its
     * long twin): Weft has no model of such a lock, so the condition's calls run the JDK's code, instrumented.
     */
    public static boolean ofProgramSynchronizer(Object condition) {
        Object owner = conditionOwner(condition);
        return owner != null && !isJdk(owner.getClass());
    }

    /** A class of the JDK: a program class's state is its own fields, which Weft follows anyway. */
    private static boolean isJdk(Class<?> type) {
        ClassLoader loader = type.getClassLoader();
        return loader == null || loader == ClassLoader.getPlatformClassLoader();
    }

    private static boolean holdsState(Class<?> type) {
        for (String family : STATE_TYPES) {
            if (Families.CLASSES.get(family).isAssignableFrom(type)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a call of {@code name} on an object of {@code type} leaves its state as it was ({@code advancedIterator}: the receiver is an iterator other threads can reach, whose moving on is a change). */
    public static boolean reads(Class<?> type, String name, boolean advancedIterator) {
        if (WeakHashMap.class.isAssignableFrom(type)) {
            return false; // every call may expunge stale entries
        }
        if (LinkedHashMap.class.isAssignableFrom(type) && (name.equals("get") || name.equals("getOrDefault"))) {
            return false; // an access-ordered map moves the entry to its end
        }
        if (BaseStream.class.isAssignableFrom(type)) {
            return true; // a stream only reads its source
        }
        return reads(name, advancedIterator);
    }

    private static boolean reads(String name, boolean advancedIterator) {
        return READING.contains(name) || (!advancedIterator && ADVANCING.contains(name));
    }

    /** Whether {@code name} moves an iterator on. */
    public static boolean advances(String name) {
        return ADVANCING.contains(name);
    }

    /** Whether a call of {@code name} on an object of {@code receiver}'s family returns a view of its state (or, for a stream, a later stage of it). */
    public static boolean returnsView(Class<?> receiver, String name, Object result) {
        if (VIEWS.contains(name) || result instanceof Map.Entry<?, ?>) {
            return true;
        }
        return BaseStream.class.isAssignableFrom(receiver) && result instanceof BaseStream<?, ?>;
    }

    /** Whether a call of {@code name} on an object of the families above keeps no reference to the objects passed to it. */
    public static boolean onlyReadsArguments(String name) {
        return READING.contains(name) || ONLY_READ_ARGUMENTS.contains(name);
    }

    /** Changing methods that return false when they changed nothing (the Collection contract's "true if this collection changed"). */
    private static final Set<String> FALSE_WHEN_UNCHANGED = Set.of("add", "addAll", "remove", "removeAll", "retainAll", "removeIf",
            "offer", "offerFirst", "offerLast", "replace", "removeFirstOccurrence", "removeLastOccurrence", "addIfAbsent",
            "removeElement");

    /** Changing methods that return null when they changed nothing, on objects that hold no null elements. */
    private static final Set<String> NULL_WHEN_UNCHANGED = Set.of("poll", "pollFirst", "pollLast", "pollFirstEntry", "pollLastEntry");

    /**
     * Whether a call of a changing method {@code name} (with {@code descriptor}) on {@code receiver}
     * that returned {@code result} says it left the receiver as it was: false from {@code add},
     * {@code remove(Object)}, {@code offer} ...; null from {@code poll} on an object that holds no
     * null elements; the present value from {@code putIfAbsent}.
     */
    public static boolean changedNothing(Object receiver, String name, String descriptor, Object result) {
        if (descriptor.endsWith(")Z")) {
            return Boolean.FALSE.equals(result) && FALSE_WHEN_UNCHANGED.contains(name);
        }
        if (NULL_WHEN_UNCHANGED.contains(name)) {
            return result == null && !(receiver instanceof LinkedList<?>);
        }
        return name.equals("putIfAbsent") && result != null;
    }

    /** Whether a call of {@code name} on an object of the families above reads the state of the objects passed to it (it may only keep them). */
    public static boolean readsArguments(String name) {
        return !STORING.contains(name);
    }

    /**
     * Whether calling method {@code name} with {@code descriptor} on an object of class {@code type}
     * runs the JDK's code rather than a program override. A program override runs as written; its
     * {@code super} call reaches the JDK's code.
     */
    public static boolean implementedInJdk(Class<?> type, String name, String descriptor) {
        if (isJdk(type)) {
            return true;
        }
        return JDK_IMPLEMENTED.get(type).computeIfAbsent(name + descriptor, method -> {
            Class<?> declaring = declaringClass(type, name, descriptor);
            return declaring == null || isJdk(declaring);
        });
    }

    /** The first class from {@code type} up that declares the method, or null (an interface method it does not implement). */
    public static Class<?> declaringClass(Class<?> type, String name, String descriptor) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Method method : c.getDeclaredMethods()) {
                if (method.getName().equals(name) && MethodType.methodType(method.getReturnType(),
                        method.getParameterTypes()).toMethodDescriptorString().equals(descriptor)) {
                    return c;
                }
            }
        }
        return null;
    }

    // ------------------------------------------------------------------ static methods and other receivers

    /** Whether static method {@code owner.name} changes its argument number {@code argument} (counted among the reference arguments). */
    public static boolean staticChanges(String owner, String name, int argument) {
        return owner.equals("java/util/Collections") && COLLECTIONS_CHANGING.contains(name) && argument == 0;
    }

    /** Whether static method {@code owner.name} returns a view of its first argument ({@code Collections.unmodifiableList(list)}). */
    public static boolean staticReturnsView(String owner, String name) {
        return owner.equals("java/util/Collections") && startsWithAny(name, COLLECTIONS_VIEW_PREFIXES);
    }

    /** Whether static method {@code owner.name} returns a view that synchronizes on itself ({@code Collections.synchronizedMap}). */
    public static boolean staticReturnsLockedView(String owner, String name) {
        return owner.equals("java/util/Collections") && name.startsWith("synchronized");
    }

    /** Whether the static methods of {@code owner} keep no reference to the objects passed to them. */
    public static boolean staticKeepsNothing(String owner) {
        return STATIC_KEEPING_NOTHING.contains(owner);
    }

    /** Whether an object of {@code owner} (a class outside the families above) keeps no reference to the objects passed to its methods. */
    public static boolean instanceKeepsNothing(String owner) {
        return INSTANCES_KEEPING_NOTHING.contains(owner);
    }

    private static boolean startsWithAny(String text, List<String> prefixes) {
        for (String prefix : prefixes) {
            if (text.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** The families' classes, loaded once. */
    private static final class Families {
        static final Map<String, Class<?>> CLASSES = load();

        private static Map<String, Class<?>> load() {
            Map<String, Class<?>> classes = new HashMap<>();
            for (String family : STATE_TYPES) {
                try {
                    classes.put(family, Class.forName(family.replace('/', '.'), false, null));
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException("JDK class " + family + " missing", e);
                }
            }
            return Map.copyOf(classes);
        }
    }
}
