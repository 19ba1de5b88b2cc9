package dev.weft.instrument;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/** The program's classpath: directories and jars, searched in order. */
final class ClassPath {
    private final List<Path> directories = new ArrayList<>();
    private final List<JarFile> jars = new ArrayList<>();

    ClassPath(String classpath) throws BadProgramException {
        if (classpath == null || classpath.isBlank()) {
            throw new BadProgramException("the classpath is empty");
        }
        for (String part : classpath.split(File.pathSeparator)) {
            if (part.equals("*") || part.endsWith(File.separator + "*")) {
                addJarsIn(Path.of(part.substring(0, part.length() - 1)), part);
            } else if (!part.isEmpty()) {
                add(Path.of(part), part);
            }
        }
    }

    /** A "dir/*" entry: every jar in the directory, as the java launcher reads it. */
    private void addJarsIn(Path directory, String part) throws BadProgramException {
        if (!Files.isDirectory(directory.toAbsolutePath())) {
            throw new BadProgramException("classpath entry not found: " + part);
        }
        try (Stream<Path> files = Files.list(directory.toAbsolutePath())) {
            for (Path jar : files.filter(f -> f.toString().endsWith(".jar") || f.toString().endsWith(".JAR")).sorted().toList()) {
                add(jar, jar.toString());
            }
        } catch (IOException e) {
            throw new BadProgramException("cannot list classpath entry " + part + ": " + e.getMessage(), e);
        }
    }

    private void add(Path path, String part) throws BadProgramException {
        if (Files.isDirectory(path)) {
            directories.add(path);
        } else if (Files.isRegularFile(path)) {
            try {
                jars.add(new JarFile(path.toFile()));
            } catch (IOException e) {
                throw new BadProgramException("classpath entry " + part + " is not a readable jar: " + e.getMessage(), e);
            }
        } else {
            throw new BadProgramException("classpath entry not found: " + part);
        }
    }

    /** The bytes of a class file ("pkg/Name"), or null if no entry has it. */
    byte[] classBytes(String internalName) {
        String resource = internalName + ".class";
        try {
            for (Path directory : directories) {
                Path file = directory.resolve(resource);
                if (Files.isRegularFile(file)) {
                    return Files.readAllBytes(file);
                }
            }
            for (JarFile jar : jars) {
                JarEntry entry = jar.getJarEntry(resource);
                if (entry != null) {
                    try (InputStream in = jar.getInputStream(entry)) {
                        return in.readAllBytes();
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource + " from the classpath", e);
        }
        return null;
    }

    /** A resource of the program ("config/app.properties"), or null. */
    URL resource(String name) {
        try {
            for (Path directory : directories) {
                Path file = directory.resolve(name);
                if (Files.exists(file)) {
                    return file.toUri().toURL();
                }
            }
            for (JarFile jar : jars) {
                if (jar.getJarEntry(name) != null) {
                    return new URL("jar:" + Path.of(jar.getName()).toUri() + "!/" + name);
                }
            }
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
        return null;
    }

    /** Internal names of every class in the classpath, directories and jars (module and package descriptors left out). */
    List<String> classNames() {
        List<String> names = new ArrayList<>(directoryClasses());
        for (JarFile jar : jars) {
            jar.stream().map(JarEntry::getName).filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/"))
                    .map(n -> n.substring(0, n.length() - ".class".length())).forEach(names::add);
        }
        names.removeIf(n -> n.endsWith("module-info") || n.endsWith("package-info"));
        return names;
    }

    /** Internal names of the classes in the classpath's directories (the program's own compiled classes). */
    List<String> directoryClasses() {
        List<String> names = new ArrayList<>();
        for (Path directory : directories) {
            try (Stream<Path> files = Files.walk(directory)) {
                files.filter(f -> f.toString().endsWith(".class")).forEach(f -> {
                    String relative = directory.relativize(f).toString().replace(File.separatorChar, '/');
                    names.add(relative.substring(0, relative.length() - ".class".length()));
                });
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + directory, e);
            }
        }
        return names;
    }
}
