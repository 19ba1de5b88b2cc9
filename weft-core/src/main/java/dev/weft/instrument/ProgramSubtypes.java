package dev.weft.instrument;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Every program class that extends or implements a given type, for the class hierarchy analysis of
 * virtual calls ({@link HiddenState}): a program object's class is one of the program's class files
 * (Weft instruments no other code), so a virtual call on it reaches one of their methods. Built on
 * first use from the headers of every class file on the classpath. Where the classes cannot be
 * listed ({@link #UNKNOWN}, under the agent) or read, there is no answer.
 */
final class ProgramSubtypes {
    static final ProgramSubtypes UNKNOWN = new ProgramSubtypes(null, null);

    private final Supplier<List<String>> classNames;
    private final ClassHierarchy hierarchy;
    /** Supertype to the program classes that name it as their superclass or an interface. */
    private Map<String, List<String>> direct;
    private boolean unreadable;

    /** @param classNames every class on the program's classpath, by internal name */
    ProgramSubtypes(Supplier<List<String>> classNames, ClassHierarchy hierarchy) {
        this.classNames = classNames;
        this.hierarchy = hierarchy;
    }

    /** These subtypes and those among {@code more} classes (internal names): instrumented JDK classes below JDK types. */
    ProgramSubtypes with(java.util.Collection<String> more) {
        if (classNames == null) {
            return UNKNOWN;
        }
        return new ProgramSubtypes(() -> {
            List<String> all = new java.util.ArrayList<>(classNames.get());
            all.addAll(more);
            return all;
        }, hierarchy);
    }

    /** The program classes below {@code type}, at any depth ({@code type} itself not included), or null if they cannot be known. */
    synchronized Set<String> below(String type) {
        if (classNames == null || unreadable) {
            return null;
        }
        if (direct == null) {
            try {
                direct = index();
            } catch (RuntimeException e) {
                unreadable = true; // a class file ASM cannot read
                return null;
            }
        }
        Set<String> found = new LinkedHashSet<>();
        Deque<String> pending = new ArrayDeque<>(List.of(type));
        while (!pending.isEmpty()) {
            for (String sub : direct.getOrDefault(pending.poll(), List.of())) {
                if (found.add(sub)) {
                    pending.add(sub);
                }
            }
        }
        return found;
    }

    private Map<String, List<String>> index() {
        Map<String, List<String>> bySupertype = new HashMap<>();
        for (String name : classNames.get()) {
            ClassHierarchy.ClassInfo info = ProgramClasses.isProgramClass(name) ? hierarchy.info(name) : null;
            if (info == null) {
                continue;
            }
            List<String> supertypes = new ArrayList<>(info.interfaces());
            if (info.superName() != null) {
                supertypes.add(info.superName());
            }
            supertypes.forEach(s -> bySupertype.computeIfAbsent(s, k -> new ArrayList<>()).add(name));
        }
        return bySupertype;
    }
}
