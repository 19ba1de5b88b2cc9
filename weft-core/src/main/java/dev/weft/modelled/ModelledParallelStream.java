package dev.weft.modelled;

import dev.weft.runtime.hooks.Hooks;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.Spliterator;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.stream.BaseStream;
import java.util.stream.Collector;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * Weft's model of a parallel stream ({@code collection.parallelStream()}, {@code stream.parallel()} on a
 * stream with no operations yet): the pipeline's stateless operations are recorded, and the terminal
 * operation runs them on each element of the source in a sequential stream of its own, each on a
 * worker of the common pool ({@link ModelledForkJoinPool}; the first on the calling thread, as the
 * JDK's caller takes part), then combines the parts in the source's order as the JDK does. One element
 * per part is the finest split the JDK can make, so every interleaving of the operations on two
 * elements that the JDK's pool has is among the model's.
 *
 * <p>Departures: a source of more than {@value #MOST_PARTS} elements is split into that many parts
 * (the run then says it is incomplete: elements of one part never run at once); stateful operations
 * ({@code sorted}, {@code distinct}, {@code limit}, {@code skip}), {@code findAny}, {@code iterator},
 * {@code sequential} and the other operations not listed in {@link #INTERMEDIATE} and {@link #TERMINAL}
 * stop the run as unsupported.
 */
public final class ModelledParallelStream implements InvocationHandler {
    static final int MOST_PARTS = 4;
    private static final Set<String> INTERMEDIATE = Set.of("map", "filter", "peek", "flatMap", "mapToObj", "mapToInt",
            "mapToLong", "mapToDouble", "boxed", "asLongStream", "asDoubleStream", "unordered", "onClose");
    private static final Set<String> TERMINAL = Set.of("forEach", "forEachOrdered", "collect", "reduce", "count", "sum",
            "min", "max", "anyMatch", "allMatch", "noneMatch", "findFirst", "toList", "toArray");

    /** The source's elements, taken when the terminal operation runs (the JDK binds them then). */
    private final Spliterator<?> source;
    private final Class<?> sourceType;
    /** The recorded operations, each from a part's stream to the next. */
    private final List<Function<Object, Object>> operations;

    private ModelledParallelStream(Spliterator<?> source, Class<?> sourceType, List<Function<Object, Object>> operations) {
        this.source = source;
        this.sourceType = sourceType;
        this.operations = operations;
    }

    /** The program's {@code collection.parallelStream()}. */
    public static Stream<?> parallelStream(Collection<?> collection) {
        return (Stream<?>) proxy(Stream.class, new ModelledParallelStream(collection.spliterator(), Stream.class, List.of()));
    }

    /** The program's {@code stream.parallel()}: a stream with operations already is not modelled. */
    public static BaseStream<?, ?> parallel(BaseStream<?, ?> stream) {
        if (Proxy.isProxyClass(stream.getClass())) {
            return stream;
        }
        Spliterator<?> source = stream.spliterator();
        if (source.getClass().getName().startsWith("java.util.stream.StreamSpliterators$")) { // what a pipeline with operations hands out
            unsupported("parallel() on a stream that has operations already");
        }
        Class<?> type = stream instanceof IntStream ? IntStream.class : stream instanceof LongStream ? LongStream.class
                : stream instanceof DoubleStream ? DoubleStream.class : Stream.class;
        return (BaseStream<?, ?>) proxy(type, new ModelledParallelStream(source, type, List.of()));
    }

    private static Object proxy(Class<?> type, InvocationHandler handler) {
        return Proxy.newProxyInstance(ModelledParallelStream.class.getClassLoader(), new Class<?>[] {type}, handler);
    }

    @Override
    public Object invoke(Object self, Method method, Object[] arguments) throws Throwable {
        String name = method.getName();
        Object[] args = arguments == null ? new Object[0] : arguments;
        if (name.equals("parallel") || name.equals("isParallel")) {
            return name.equals("parallel") ? self : true;
        }
        if (INTERMEDIATE.contains(name)) {
            List<Function<Object, Object>> next = new ArrayList<>(operations);
            next.add(stream -> call(method, stream, args));
            return proxy(method.getReturnType(), new ModelledParallelStream(source, sourceType, next));
        }
        if (name.equals("close")) {
            return null;
        }
        if (!TERMINAL.contains(name) || name.equals("collect") && args.length == 1 && !(args[0] instanceof Collector)) {
            unsupported(method.getDeclaringClass().getName() + "." + name + " on a parallel stream");
        }
        return name.equals("collect") && args.length == 1 ? collect((Collector<?, ?, ?>) args[0]) : terminal(method, args);
    }

    /** Runs {@code method} on every part and combines the parts' results. */
    private Object terminal(Method method, Object[] args) throws Throwable {
        List<Object> parts = runParts(stream -> call(method, stream, args));
        return switch (method.getName()) {
            case "forEach", "forEachOrdered" -> null;
            case "count" -> parts.stream().mapToLong(part -> (Long) part).sum();
            case "anyMatch" -> parts.contains(Boolean.TRUE);
            case "allMatch", "noneMatch" -> !parts.contains(Boolean.FALSE);
            case "toList" -> parts.stream().flatMap(part -> ((List<?>) part).stream()).toList();
            case "toArray" -> concatenate(parts, method.getReturnType());
            case "reduce", "collect" -> args.length == 3 ? combine(parts, args[2]) : call(method, partsAsStream(parts, method), args);
            case "findFirst" -> parts.stream().filter(ModelledParallelStream::present).findFirst().orElse(parts.isEmpty() ? null : parts.get(0));
            default -> call(method, partsAsStream(parts, method), args); // sum, min, max, reduce: the same operation on the parts
        };
    }

    /** The parts folded in order with a three-argument reduce's or collect's combiner. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object combine(List<Object> parts, Object combiner) {
        Object combined = parts.get(0);
        for (int i = 1; i < parts.size(); i++) {
            if (combiner instanceof BinaryOperator reducer) {
                combined = reducer.apply(combined, parts.get(i));
            } else {
                ((BiConsumer) combiner).accept(combined, parts.get(i));
            }
        }
        return combined;
    }

    /** Each part accumulates into its own container, then the containers are combined in order and finished. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object collect(Collector collector) throws Throwable {
        List<Object> parts = runParts(stream -> {
            Object container = collector.supplier().get();
            ((Stream<Object>) stream).forEach(element -> collector.accumulator().accept(container, element));
            return container;
        });
        Object combined = parts.isEmpty() ? collector.supplier().get() : parts.get(0);
        for (int i = 1; i < parts.size(); i++) {
            combined = collector.combiner().apply(combined, parts.get(i));
        }
        return collector.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH) ? combined
                : collector.finisher().apply(combined);
    }

    /** The parts' results as a stream of the kind the operation is on, present ones only for Optional results. */
    private Object partsAsStream(List<Object> parts, Method method) {
        List<Object> values = new ArrayList<>();
        for (Object part : parts) {
            if (!isOptional(part)) {
                values.add(part);
            } else if (present(part)) {
                values.add(optionalValue(part));
            }
        }
        Class<?> type = method.getDeclaringClass();
        if (type == IntStream.class) {
            return values.stream().mapToInt(v -> (Integer) v);
        }
        if (type == LongStream.class) {
            return values.stream().mapToLong(v -> (Long) v);
        }
        if (type == DoubleStream.class) {
            return values.stream().mapToDouble(v -> (Double) v);
        }
        return values.stream();
    }

    /** Runs the pipeline on each part, the first here and the others on workers of the common pool; the parts' results in order. */
    private List<Object> runParts(Function<Object, Object> terminal) throws Throwable {
        List<Object[]> parts = split();
        ModelledTaskState[] states = new ModelledTaskState[parts.size()];
        ModelledForkJoinPool pool = (ModelledForkJoinPool) ModelledForkJoinPool.commonPool();
        for (int i = parts.size() - 1; i >= 0; i--) {
            Object[] part = parts.get(i);
            ModelledTaskState state = new ModelledTaskState();
            states[i] = state;
            Runnable work = () -> state.run(() -> terminal.apply(pipeline(part)));
            if (i > 0) {
                pool.start(work);
            } else {
                work.run();
            }
        }
        List<Object> results = new ArrayList<>();
        for (ModelledTaskState state : states) {
            state.awaitDoneUninterruptibly();
            if (state.failure() != null) {
                throw state.failure();
            }
            results.add(state.value());
        }
        return results;
    }

    /** The source's elements, one per part, or {@link #MOST_PARTS} parts of neighbours. */
    private List<Object[]> split() {
        List<Object> elements = new ArrayList<>();
        source.forEachRemaining(elements::add);
        int count = Math.max(1, Math.min(elements.size(), MOST_PARTS));
        if (elements.size() > MOST_PARTS) {
            Hooks.modelBoundReached("a parallel stream of " + elements.size() + " elements ran in " + MOST_PARTS
                    + " parts (Weft's bound): elements of one part never ran at once");
        }
        List<Object[]> parts = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int from = elements.size() * i / count;
            int to = elements.size() * (i + 1) / count;
            parts.add(elements.subList(from, to).toArray());
        }
        return parts;
    }

    /** A sequential stream of the source's kind over {@code part}, with the recorded operations applied. */
    private Object pipeline(Object[] part) {
        Object stream;
        if (sourceType == IntStream.class) {
            stream = Stream.of(part).mapToInt(v -> (Integer) v);
        } else if (sourceType == LongStream.class) {
            stream = Stream.of(part).mapToLong(v -> (Long) v);
        } else if (sourceType == DoubleStream.class) {
            stream = Stream.of(part).mapToDouble(v -> (Double) v);
        } else {
            stream = Stream.of(part);
        }
        for (Function<Object, Object> operation : operations) {
            stream = operation.apply(stream);
        }
        return stream;
    }

    private static Object concatenate(List<Object> arrays, Class<?> arrayType) {
        int length = 0;
        for (Object array : arrays) {
            length += Array.getLength(array);
        }
        Class<?> component = arrays.isEmpty() ? arrayType.getComponentType() : arrays.get(0).getClass().getComponentType();
        Object result = Array.newInstance(component, length);
        int at = 0;
        for (Object array : arrays) {
            int n = Array.getLength(array);
            System.arraycopy(array, 0, result, at, n);
            at += n;
        }
        return result;
    }

    private static boolean isOptional(Object value) {
        return value instanceof Optional || value instanceof OptionalInt || value instanceof OptionalLong || value instanceof OptionalDouble;
    }

    private static boolean present(Object optional) {
        return optional instanceof Optional<?> o ? o.isPresent() : optional instanceof OptionalInt o ? o.isPresent()
                : optional instanceof OptionalLong o ? o.isPresent() : ((OptionalDouble) optional).isPresent();
    }

    private static Object optionalValue(Object optional) {
        return optional instanceof Optional<?> o ? o.get() : optional instanceof OptionalInt o ? o.getAsInt()
                : optional instanceof OptionalLong o ? o.getAsLong() : ((OptionalDouble) optional).getAsDouble();
    }

    /** {@code method} on {@code stream}, its own exception rethrown unwrapped. */
    private static Object call(Method method, Object stream, Object[] args) {
        try {
            return sharedBox(method.invoke(stream, args));
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException unchecked) {
                throw unchecked;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(cause);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A primitive result as the JDK's shared box where it has one. On JDK 17 reflection boxes a result with a new object
     * until the JVM has made the call often enough to generate an accessor, which uses the shared boxes: a part's sum was
     * one object or another by how many checks this JVM had run before, and MCR's seeds, solved on one run's object names,
     * missed their states in a later check.
     */
    private static Object sharedBox(Object value) {
        if (value instanceof Integer i) {
            return Integer.valueOf(i);
        }
        if (value instanceof Long l) {
            return Long.valueOf(l);
        }
        if (value instanceof Boolean b) {
            return Boolean.valueOf(b);
        }
        return value;
    }

    private static void unsupported(String what) {
        Hooks.unsupported(what, -1);
        throw new IllegalStateException("unreachable: the run is over");
    }
}
