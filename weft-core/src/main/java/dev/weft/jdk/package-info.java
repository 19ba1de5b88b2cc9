/**
 * The one table of JDK methods Weft knows ({@link dev.weft.jdk.JdkApi}): which calls are pure, which
 * read and which change a JDK object's state. The instrumenter and the runtime both read it, so they agree.
 *
 * <p>Where this package sits in the pipeline, and what it may use: docs/architecture.md.
 */
package dev.weft.jdk;
