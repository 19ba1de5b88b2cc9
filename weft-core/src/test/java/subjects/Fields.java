package subjects;

/** Field accesses of every type, static and instance, one volatile and one final. */
public class Fields {
    boolean z;
    byte b;
    char c;
    short s;
    int i;
    long j;
    float f;
    double d;
    String text;
    volatile int v;
    final int fixed;
    static int total;
    static long big;

    Fields() {
        fixed = 9;
    }

    public static void main(String[] args) {
        Fields x = new Fields();
        x.z = true;
        x.b = 2;
        x.c = 'c';
        x.s = 3;
        x.i = 4;
        x.j = 5L;
        x.f = 1.5f;
        x.d = 2.5;
        x.text = "t";
        x.v = 6;
        total = (x.z ? 1 : 0) + x.b + x.c + x.s + x.i + x.v + x.fixed;
        big = x.j + (long) x.f + (long) x.d + x.text.length();
    }
}
