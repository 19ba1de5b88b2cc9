package dev.weft.modelled;

import dev.weft.runtime.hooks.Hooks;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.BaseStream;
import java.util.stream.Collector;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Weft's model of a parallel stream ({@code collection.parallelStream()}, {@code stream.parallel()} on a
 * stream with no operations yet): the pipeline's stateless operations are recorded, and the terminal
 * operation runs them on each element of the source in a sequential stream of its own, each on a
 * worker of the common pool ({@link ModelledForkJoinPool}; the first on the calling thread, as the
 * JDK's caller takes part), then combines the parts in the source's order as the JDK does. One element
 * per part is the finest split the JDK can make, so every interleaving of the operations on two
 * elements that the JDK's pool has is among the model's.
 *
 * <p>A stateful operation ({@code sorted}, {@code distinct}, {@code limit}, {@code skip}) is a barrier,
 * as the JDK's parallel evaluation makes it: the operations before it run in parts, it runs on their
 * results in encounter order on the thread that runs the terminal operation, and the operations after
 * it run in parts again over what it kept. A short-circuiting terminal operation ({@code findAny},
 * {@code findFirst}, {@code *Match}) skips the parts that have not started once a part has decided it,
 * as the JDK cancels them ({@link StreamShortCircuit}); {@code findAny} answers with whichever part
 * found first. {@code count} of a pipeline whose size is known from its source runs no operation, as
 * the JDK's does.
 *
 * <p>Departures: a source of more than {@value #MOST_PARTS} elements is split into that many parts
 * (the run then says it is incomplete: elements of one part never run at once); {@code limit} or
 * {@code skip} that drops elements after operations on them runs those operations on every element
 * (the run says it is incomplete: the JDK may leave some out), but after one-to-one operations on a
 * source of known size, where the JDK places the slice in the source and runs them on no element
 * outside it (seen on JDK 17 and 25); the comparator of
 * {@code sorted} and the {@code equals}/{@code hashCode} that {@code distinct} calls run on the thread
 * of the terminal operation. {@code sequential()} hands back the JDK's sequential stream of the whole
 * pipeline, which runs on the calling thread, as the JDK's switch does; {@code iterator()} and
 * {@code spliterator()} traverse this stage on the calling thread after the earlier stages ran in parallel
 * ({@link #traversed}). Refused (the run stops as unsupported): {@code distinct} on an unordered stream,
 * {@code limit} and {@code skip} on one but after one-to-one operations on a source of known size (the
 * JDK keeps any of the candidates; there it slices by position, as on an ordered stream) and the other operations
 * not listed in {@link #INTERMEDIATE}, {@link #STATEFUL} and {@link #TERMINAL}.
 */
public final class ModelledParallelStream implements InvocationHandler {
    static final int MOST_PARTS = 4;
    private static final Set<String> INTERMEDIATE = Set.of("map", "filter", "peek", "flatMap", "mapToObj", "mapToInt",
            "mapToLong", "mapToDouble", "boxed", "asLongStream", "asDoubleStream", "onClose");
    /** The operations that keep one element for each they get, so the size of the source stays known. */
    private static final Set<String> ONE_TO_ONE = Set.of("map", "peek", "mapToObj", "mapToInt", "mapToLong", "mapToDouble",
            "boxed", "asLongStream", "asDoubleStream", "onClose");
    private static final Set<String> STATEFUL = Set.of("sorted", "distinct", "limit", "skip");
    private static final Set<String> TERMINAL = Set.of("forEach", "forEachOrdered", "collect", "reduce", "count", "sum",
            "min", "max", "anyMatch", "allMatch", "noneMatch", "findFirst", "findAny", "toList", "toArray");
    private static final int KNOWN_SIZE = Spliterator.SIZED | Spliterator.SUBSIZED;

    /** The elements the stage starts from, taken when the terminal operation runs (the JDK binds the source then). */
    private final Callable<List<Object>> input;
    private final Class<?> sourceType;
    /** The input's {@link Spliterator} characteristics. */
    private final int characteristics;
    private final boolean ordered;
    /** The recorded operations since the source or the last barrier, each from a part's stream to the next. */
    private final List<Operation> operations;
    /** The whole pipeline so far as the JDK runs it after {@code sequential()}: from the source, on the calling thread. */
    private final Supplier<Object> sequentially;

    private record Operation(String name, Function<Object, Object> apply) {
    }

    private ModelledParallelStream(Callable<List<Object>> input, Class<?> sourceType, int characteristics, boolean ordered,
            List<Operation> operations, Supplier<Object> sequentially) {
        this.input = input;
        this.sourceType = sourceType;
        this.characteristics = characteristics;
        this.ordered = ordered;
        this.operations = operations;
        this.sequentially = sequentially;
    }

    private static ModelledParallelStream ofSource(Spliterator<?> source, Class<?> type) {
        return new ModelledParallelStream(() -> elementsOf(source), type, source.characteristics(),
                source.hasCharacteristics(Spliterator.ORDERED), List.of(), () -> sequentialOver(() -> source, source.characteristics(), type));
    }

    /** The program's {@code collection.parallelStream()}. */
    public static Stream<?> parallelStream(Collection<?> collection) {
        return (Stream<?>) proxy(Stream.class, ofSource(collection.spliterator(), Stream.class));
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
        return (BaseStream<?, ?>) proxy(type, ofSource(source, type));
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
        if (name.equals("sequential")) {
            return sequentially.get(); // the JDK runs the whole pipeline sequentially then, on the calling thread
        }
        if (name.equals("iterator") || name.equals("spliterator")) {
            return call(method, traversed(), args);
        }
        Supplier<Object> then = () -> call(method, sequentially.get(), args);
        if (name.equals("unordered")) {
            return proxy(self.getClass().getInterfaces()[0], new ModelledParallelStream(input, sourceType, characteristics, false, operations, then));
        }
        if (INTERMEDIATE.contains(name)) {
            List<Operation> next = new ArrayList<>(operations);
            next.add(new Operation(name, stream -> call(method, stream, args)));
            return proxy(method.getReturnType(), new ModelledParallelStream(input, sourceType, characteristics, ordered, next, then));
        }
        if (STATEFUL.contains(name)) {
            return proxy(method.getReturnType(), barrier(method, args, then));
        }
        if (name.equals("close")) {
            return null;
        }
        if (!TERMINAL.contains(name) || name.equals("collect") && args.length == 1 && !(args[0] instanceof Collector)) {
            unsupported(method.getDeclaringClass().getName() + "." + name + " on a parallel stream");
        }
        return name.equals("collect") && args.length == 1 ? collect((Collector<?, ?, ?>) args[0]) : terminal(method, args);
    }

    /** The stage after stateful operation {@code method}: its input is what the operation keeps of this stage's results. */
    private ModelledParallelStream barrier(Method method, Object[] args, Supplier<Object> then) {
        String name = method.getName();
        boolean slice = name.equals("limit") || name.equals("skip");
        // On a source of known size with one-to-one operations the JDK slices by position, ordered or not (JDK 17 and 25).
        if (!ordered && !name.equals("sorted") && !(slice && sizeKnownThroughOperations())) {
            unsupported(method.getDeclaringClass().getName() + "." + name + " on an unordered parallel stream");
        }
        Class<?> type = method.getDeclaringClass();
        if (slice) {
            long n = (Long) args[0];
            if (n < 0) {
                throw new IllegalArgumentException(Long.toString(n));
            }
            return new ModelledParallelStream(() -> slice(name.equals("skip") ? n : 0, name.equals("limit") ? n : Long.MAX_VALUE),
                    type, ordered ? Spliterator.ORDERED : 0, ordered, List.of(), then);
        }
        return new ModelledParallelStream(() -> elementsOf(call(method, sequential(outputs(input.call()), type), args)),
                type, KNOWN_SIZE | Spliterator.ORDERED, true, List.of(), then);
    }

    /**
     * The stream an {@code iterator()} or {@code spliterator()} traverses, as the JDK's: at the first
     * traversal the stages before the last stateful operation run in parallel (as {@link #input} runs
     * them), and this stage's operations run on the calling thread, one element at a time as it advances.
     */
    private Object traversed() {
        Object stream = sequentialOver(() -> {
            try {
                return ((BaseStream<?, ?>) sequential(input.call(), sourceType)).spliterator();
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, ordered ? Spliterator.ORDERED : 0, sourceType);
        for (Operation operation : operations) {
            stream = operation.apply().apply(stream);
        }
        return stream;
    }

    /** A sequential stream of kind {@code type} over the spliterator {@code source} gives when traversal starts. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object sequentialOver(Supplier<? extends Spliterator<?>> source, int characteristics, Class<?> type) {
        Supplier raw = source;
        if (type == IntStream.class) {
            return StreamSupport.intStream(raw, characteristics, false);
        }
        if (type == LongStream.class) {
            return StreamSupport.longStream(raw, characteristics, false);
        }
        return type == DoubleStream.class ? StreamSupport.doubleStream(raw, characteristics, false) : StreamSupport.stream(raw, characteristics, false);
    }

    /** This stage's results from index {@code from} to {@code to} (exclusive) in encounter order. */
    private List<Object> slice(long from, long to) throws Exception {
        List<Object> elements = input.call();
        if (operations.isEmpty() || sizeKnownThroughOperations()) {
            return outputs(subList(elements, from, to)); // the JDK places the slice in a source of known size, and runs no operation outside it
        }
        if (from > 0 && !elements.isEmpty() || to < elements.size()) {
            Hooks.modelBoundReached("a parallel stream's " + (from > 0 ? "skip(" + from : "limit(" + to) + ") after operations on "
                    + "its elements: Weft ran them on every element, the JDK may leave some out");
        }
        return subList(outputs(elements), from, to);
    }

    private static List<Object> subList(List<Object> list, long from, long to) {
        return list.subList((int) Math.min(from, list.size()), (int) Math.min(to, list.size()));
    }

    private boolean sizeKnownThroughOperations() {
        return (characteristics & KNOWN_SIZE) == KNOWN_SIZE && operations.stream().map(Operation::name).allMatch(ONE_TO_ONE::contains);
    }

    /** This stage's results, the parts' in encounter order; without operations, no part need run (no program code would). */
    private List<Object> outputs(List<Object> elements) {
        if (operations.isEmpty()) {
            return elements;
        }
        List<Object> outputs = new ArrayList<>();
        for (Object part : runParts(elements, ModelledParallelStream::elementsOf, null)) {
            outputs.addAll((List<?>) part);
        }
        return outputs;
    }

    /** Runs {@code method} on every part and combines the parts' results. */
    private Object terminal(Method method, Object[] args) throws Exception {
        String name = method.getName();
        List<Object> elements = input.call();
        if (name.equals("count") && (characteristics & Spliterator.SIZED) != 0
                && operations.stream().map(Operation::name).allMatch(ONE_TO_ONE::contains)) {
            return (long) elements.size(); // the JDK counts a source of known size without running the pipeline
        }
        if (name.equals("forEachOrdered")) {
            // One element at a time, in encounter order, each action before the next: the parts run the operations before it.
            return call(method, sequential(outputs(elements), method.getDeclaringClass()), args);
        }
        StreamShortCircuit shortCircuit = StreamShortCircuit.of(name, ordered);
        List<Object> parts = runParts(elements, stream -> call(method, stream, args), shortCircuit);
        return switch (name) {
            case "forEach" -> null;
            case "count" -> parts.stream().mapToLong(part -> (Long) part).sum();
            case "anyMatch" -> parts.contains(Boolean.TRUE);
            case "allMatch", "noneMatch" -> !parts.contains(Boolean.FALSE);
            case "toList" -> parts.stream().flatMap(part -> ((List<?>) part).stream()).toList();
            case "toArray" -> concatenate(parts, method.getReturnType());
            case "reduce", "collect" -> args.length == 3 ? combine(parts, args[2]) : call(method, partsAsStream(parts, method), args);
            case "findFirst", "findAny" -> shortCircuit.answersFirstFound() && shortCircuit.firstFound() != null ? shortCircuit.firstFound()
                    : parts.stream().filter(StreamShortCircuit::present).findFirst().orElse(parts.get(0));
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
    private Object collect(Collector collector) throws Exception {
        List<Object> parts = runParts(input.call(), stream -> {
            Object container = collector.supplier().get();
            ((Stream<Object>) stream).forEach(element -> collector.accumulator().accept(container, element));
            return container;
        }, null);
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
            } else if (StreamShortCircuit.present(part)) {
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

    /**
     * Runs the pipeline on each part of {@code elements}, the first here and the others on workers of
     * the common pool; the parts' results in order, without the parts {@code shortCircuit} (if any) skipped.
     */
    private List<Object> runParts(List<Object> elements, Function<Object, Object> terminal, StreamShortCircuit shortCircuit) {
        List<Object[]> parts = split(elements);
        ModelledTaskState[] states = new ModelledTaskState[parts.size()];
        ModelledForkJoinPool pool = (ModelledForkJoinPool) ModelledForkJoinPool.commonPool();
        for (int i = parts.size() - 1; i >= 0; i--) {
            Object[] part = parts.get(i);
            int index = i;
            ModelledTaskState state = new ModelledTaskState();
            states[i] = state;
            Runnable work = shortCircuit == null ? () -> state.run(() -> terminal.apply(pipeline(part)))
                    : () -> state.run(() -> shortCircuit.skips(index) ? StreamShortCircuit.SKIPPED
                            : shortCircuit.record(index, terminal.apply(pipeline(part))));
            if (i > 0) {
                pool.start(work);
            } else {
                work.run();
            }
        }
        List<Object> results = new ArrayList<>();
        for (ModelledTaskState state : states) {
            state.awaitDoneUninterruptibly();
            rethrow(state.failure());
            if (state.value() != StreamShortCircuit.SKIPPED) {
                results.add(state.value());
            }
        }
        return results;
    }

    /** {@code elements} one per part, or in {@link #MOST_PARTS} parts of neighbours. */
    private static List<Object[]> split(List<Object> elements) {
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

    /** The elements of a spliterator or a (sequential) stream, boxed, in encounter order. */
    private static List<Object> elementsOf(Object source) {
        List<Object> elements = new ArrayList<>();
        Iterator<?> iterator = source instanceof Spliterator<?> spliterator ? Spliterators.iterator(spliterator)
                : ((BaseStream<?, ?>) source).iterator();
        iterator.forEachRemaining(elements::add);
        return elements;
    }

    /** A sequential stream of kind {@code type} over {@code elements}. */
    private static Object sequential(List<Object> elements, Class<?> type) {
        Stream<Object> stream = elements.stream();
        if (type == IntStream.class) {
            return stream.mapToInt(v -> (Integer) v);
        }
        if (type == LongStream.class) {
            return stream.mapToLong(v -> (Long) v);
        }
        return type == DoubleStream.class ? stream.mapToDouble(v -> (Double) v) : stream;
    }

    /** A sequential stream of the source's kind over {@code part}, with the recorded operations applied. */
    private Object pipeline(Object[] part) {
        Object stream = sequential(Arrays.asList(part), sourceType);
        for (Operation operation : operations) {
            stream = operation.apply().apply(stream);
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

    private static void rethrow(Throwable failure) {
        if (failure instanceof RuntimeException unchecked) {
            throw unchecked;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        if (failure != null) {
            throw new IllegalStateException(failure);
        }
    }

    private static void unsupported(String what) {
        Hooks.unsupported(what, -1);
        throw new IllegalStateException("unreachable: the run is over");
    }
}
