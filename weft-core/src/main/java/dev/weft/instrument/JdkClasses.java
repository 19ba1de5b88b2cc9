package dev.weft.instrument;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The one list of JDK code Weft can instrument ({@code --instrument-jdk}), and what each entry brings with it: its
 * nested classes (nodes, iterators, views) and the JDK superclasses whose code its methods run. A name given by the
 * user is an entry, or a package, which stands for its entries.
 */
public final class JdkClasses {
    private static final Map<String, List<String>> CATALOGUE = new LinkedHashMap<>();

    static {
        CATALOGUE.put("java.util.HashMap", List.of("java.util.AbstractMap"));
        CATALOGUE.put("java.util.LinkedHashMap", List.of("java.util.HashMap", "java.util.AbstractMap"));
        CATALOGUE.put("java.util.HashSet", List.of("java.util.HashMap", "java.util.AbstractMap", "java.util.AbstractSet",
                "java.util.AbstractCollection"));
        CATALOGUE.put("java.util.LinkedHashSet", List.of("java.util.HashSet", "java.util.LinkedHashMap", "java.util.HashMap",
                "java.util.AbstractMap", "java.util.AbstractSet", "java.util.AbstractCollection"));
        CATALOGUE.put("java.util.ArrayList", List.of("java.util.AbstractList", "java.util.AbstractCollection"));
        CATALOGUE.put("java.util.LinkedList", List.of("java.util.AbstractSequentialList", "java.util.AbstractList",
                "java.util.AbstractCollection"));
        CATALOGUE.put("java.util.ArrayDeque", List.of("java.util.AbstractCollection"));
        CATALOGUE.put("java.lang.StringBuilder", List.of("java.lang.AbstractStringBuilder"));
    }

    private JdkClasses() {
    }

    /** The entries users may name, for messages and help. */
    public static Set<String> entries() {
        return CATALOGUE.keySet();
    }

    /**
     * The entries the names stand for (classes, or packages of entries), sorted.
     *
     * @throws IllegalArgumentException naming the first name that is neither an entry nor a package of entries
     */
    public static Set<String> select(List<String> names) {
        Set<String> selected = new TreeSet<>();
        for (String raw : names) {
            String name = raw.trim();
            if (CATALOGUE.containsKey(name)) {
                selected.add(name);
                continue;
            }
            List<String> inPackage = CATALOGUE.keySet().stream().filter(entry -> packageOf(entry).equals(name)).toList();
            if (inPackage.isEmpty()) {
                throw new IllegalArgumentException("--instrument-jdk: " + describe(name) + "; Weft can instrument " + String.join(", ", entries())
                        + " (or a package of them)");
            }
            selected.addAll(inPackage);
        }
        return selected;
    }

    /** Every class the selected entries instrument (binary names): the entries, what they bring, and their nested classes. */
    static List<Class<?>> classes(Set<String> selected) {
        Set<String> names = new TreeSet<>();
        for (String entry : selected) {
            names.add(entry);
            names.addAll(CATALOGUE.get(entry));
        }
        List<Class<?>> classes = new ArrayList<>();
        for (String name : names) {
            Class<?> type = load(name);
            for (Class<?> member : type.getNestMembers()) {
                if (!classes.contains(member)) {
                    classes.add(member);
                }
            }
        }
        return classes;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, null);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the JDK has no class " + name + ", which Weft's list of JDK classes names", e);
        }
    }

    private static String describe(String name) {
        try {
            Class.forName(name, false, null);
            return name + " is not one of the JDK classes Weft can instrument";
        } catch (ClassNotFoundException | LinkageError e) {
            return "unknown JDK class or package " + name;
        }
    }

    private static String packageOf(String className) {
        return className.substring(0, className.lastIndexOf('.'));
    }
}
