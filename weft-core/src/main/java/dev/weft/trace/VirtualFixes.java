package dev.weft.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Changes a check applies to the program without editing it ({@code --assume-volatile},
 * {@code --fence}): fields whose accesses become volatile accesses, and fences that run before the
 * first instruction of a source line each time the line is reached. The instrumentation applies
 * them; reports name them, since a verdict under them is a verdict about a changed program.
 *
 * @param volatileFields fields as {@code pkg.Cls.field} (binary class name, dot, field name)
 * @param fences         fences, each before a line of a source file
 */
public record VirtualFixes(Set<String> volatileFields, List<Fence> fences) {
    public static final VirtualFixes NONE = new VirtualFixes(Set.of(), List.of());

    public VirtualFixes {
        volatileFields = Collections.unmodifiableSet(new LinkedHashSet<>(volatileFields));
        fences = List.copyOf(fences);
    }

    /**
     * A fence before a source line.
     *
     * @param file the source file's name as the class file records it ({@code Peterson.java})
     */
    public record Fence(String file, int line, FenceKind kind) {
        /** {@code FILE.java:LINE[:KIND]}, KIND one of full (default), storeStore, release, acquire, loadLoad. */
        public static Fence parse(String text) {
            String[] parts = text.split(":", -1);
            if (parts.length < 2 || parts.length > 3 || parts[0].isBlank()) {
                throw new IllegalArgumentException("--fence wants FILE.java:LINE[:KIND], not " + text);
            }
            int line;
            try {
                line = Integer.parseInt(parts[1]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--fence " + text + ": the line is not a number");
            }
            if (line < 1) {
                throw new IllegalArgumentException("--fence " + text + ": lines start at 1");
            }
            return new Fence(parts[0], line, parts.length == 3 ? kindNamed(parts[2]) : FenceKind.FULL);
        }

        /** The {@code --fence} argument that means this fence. */
        @Override
        public String toString() {
            return file + ":" + line + (kind == FenceKind.FULL ? "" : ":" + kindName(kind));
        }

        /** "VarHandle.fullFence() before Peterson.java:12", as a developer would write it. */
        public String describe() {
            return "VarHandle." + kindName(kind) + "Fence() before " + file + ":" + line;
        }
    }

    /** Checks {@code CLASS.FIELD}'s shape and returns it. */
    public static String parseField(String text) {
        int dot = text.lastIndexOf('.');
        if (dot <= 0 || dot == text.length() - 1 || text.contains("/")) {
            throw new IllegalArgumentException("--assume-volatile wants CLASS.FIELD (pkg.Cls.field), not " + text);
        }
        return text;
    }

    /** The option's kind name: full, storeStore, release, acquire, loadLoad. */
    public static String kindName(FenceKind kind) {
        return switch (kind) {
            case FULL -> "full";
            case STORE_STORE -> "storeStore";
            case RELEASE -> "release";
            case ACQUIRE -> "acquire";
            case LOAD_LOAD -> "loadLoad";
        };
    }

    private static FenceKind kindNamed(String name) {
        for (FenceKind kind : FenceKind.values()) {
            if (kindName(kind).toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown fence kind " + name + ": full, storeStore, release, acquire or loadLoad");
    }

    public boolean isEmpty() {
        return volatileFields.isEmpty() && fences.isEmpty();
    }

    /** Whether the field declared by {@code owner} (internal name) called {@code name} is assumed volatile. */
    public boolean assumesVolatile(String owner, String name) {
        return volatileFields.contains(owner.replace('/', '.') + "." + name);
    }

    /** The fences before {@code line} of {@code file}, in the order given. */
    public List<FenceKind> fencesBefore(String file, int line) {
        List<FenceKind> kinds = new ArrayList<>();
        for (Fence f : fences) {
            if (f.line() == line && f.file().equals(file)) {
                kinds.add(f.kind());
            }
        }
        return kinds;
    }

    /** These fixes and {@code more}. */
    public VirtualFixes plus(VirtualFixes more) {
        Set<String> fields = new LinkedHashSet<>(volatileFields);
        fields.addAll(more.volatileFields);
        List<Fence> all = new ArrayList<>(fences);
        more.fences.stream().filter(f -> !all.contains(f)).forEach(all::add);
        return new VirtualFixes(fields, all);
    }

    /** One line for report headers: "assuming volatile Peterson.flag0; fence Peterson.java:12". */
    public String describe() {
        List<String> parts = new ArrayList<>();
        volatileFields.stream().sorted().forEach(f -> parts.add("--assume-volatile " + f));
        fences.forEach(f -> parts.add("--fence " + f));
        return String.join(" ", parts);
    }
}
