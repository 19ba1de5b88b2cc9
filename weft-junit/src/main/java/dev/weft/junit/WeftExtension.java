package dev.weft.junit;

import java.lang.reflect.Method;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Runs a {@link WeftTest} method under Weft instead of once in JUnit's own class loader. JUnit's
 * invocations of the test method and of its {@code @BeforeEach} / {@code @AfterEach} methods are
 * skipped: each Weft run calls them itself on its own instance.
 */
public final class WeftExtension implements InvocationInterceptor, ParameterResolver {

    /** A {@link WeftInput} parameter: JUnit's own invocation, which Weft skips, gets the input's minimum (false). */
    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.isAnnotated(WeftInput.class);
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        long min = parameter.findAnnotation(WeftInput.class).map(WeftInput::min).orElse(0L);
        Class<?> type = parameter.getParameter().getType();
        return type == long.class ? (Object) min : type == boolean.class ? (Object) false : (Object) (int) min;
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext context) throws Throwable {
        WeftTest settings = settings(context);
        if (settings == null) {
            invocation.proceed();
            return;
        }
        invocation.skip();
        String summary = new WeftCheck(settings, TestEntry.of(context.getRequiredTestClass(), context.getRequiredTestMethod())).run();
        context.publishReportEntry("weft", summary);
    }

    @Override
    public void interceptBeforeEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                          ExtensionContext context) throws Throwable {
        skipUnderWeft(invocation, context);
    }

    @Override
    public void interceptAfterEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                         ExtensionContext context) throws Throwable {
        skipUnderWeft(invocation, context);
    }

    private static void skipUnderWeft(Invocation<Void> invocation, ExtensionContext context) throws Throwable {
        if (settings(context) != null) {
            invocation.skip();
        } else {
            invocation.proceed();
        }
    }

    private static WeftTest settings(ExtensionContext context) {
        return context.getTestMethod().flatMap(m -> AnnotationSupport.findAnnotation(m, WeftTest.class)).orElse(null);
    }
}
