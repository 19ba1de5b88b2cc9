/**
 * Programs whose bug happens inside a JDK class: found with {@code --instrument-jdk} (the class's code instrumented),
 * while without it Weft sees the calls whole and reports their data race (see docs/jdk.md).
 */
package examples.jdkdeep;
