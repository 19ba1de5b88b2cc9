package dev.weft.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A parameter of a {@link WeftTest} method that is a program input, as {@code dev.weft.Weft.input} reads one:
 * an {@code int} or {@code long} within {@code min..max}, or a {@code boolean}. Each Weft run gives it the run's
 * value: the mpc strategy explores the values with the interleavings; the other strategies give the minimum
 * (or the value of system property {@code weft.input.NAME}) and do not call the test fully covered
 * ({@code inputs-fixed}). The input's name is {@link #name()}, else the parameter's (with {@code javac
 * -parameters}; else {@code arg0}, {@code arg1} ...).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface WeftInput {
    /** The smallest value (ignored for a boolean). */
    long min() default 0;

    /** The largest value (ignored for a boolean). */
    long max() default 1;

    /** The input's name in reports and schedule files; empty: the parameter's name. */
    String name() default "";
}
