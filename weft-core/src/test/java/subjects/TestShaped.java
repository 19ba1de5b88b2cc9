package subjects;

/** A test-shaped class: set-up in a superclass and here, a body, a tear-down; each call appends to {@code calls}. */
public class TestShaped extends TestShapedBase {
    static String calls = "";
    private int value;

    void setUp() {
        calls += "setUp;";
        value = 1;
    }

    void body() {
        calls += "body" + value + ";";
    }

    void failingBody() {
        calls += "failing;";
        throw new IllegalStateException("from the body");
    }

    private void tearDown() {
        calls += "tearDown;";
    }
}

class TestShapedBase {
    void baseSetUp() {
        TestShaped.calls += "baseSetUp;";
    }
}

class TestShapedWithArgument {
    TestShapedWithArgument(int value) {
    }

    void body() {
    }
}
