package dev.weft.trace;

/**
 * Encodes every value an event can carry in one {@code long}: primitives by value (floats and
 * doubles by their bits), references by stable object id ({@link ObjectIds}), {@code null} as 0.
 * Values of one address always have one type, so equal longs mean equal values.
 */
public final class Values {
    private Values() {
    }

    public static long ofFloat(float f) {
        return Float.floatToIntBits(f);
    }

    public static long ofDouble(double d) {
        return Double.doubleToLongBits(d);
    }

    public static long ofBoolean(boolean b) {
        return b ? 1 : 0;
    }

    /** Human-readable form of a value of the given descriptor type. */
    public static String render(long value, char type, Symbols symbols) {
        return switch (type) {
            case 'Z' -> value != 0 ? "true" : "false";
            case 'C' -> "'" + (char) value + "'";
            case 'F' -> Float.toString(Float.intBitsToFloat((int) value));
            case 'D' -> Double.toString(Double.longBitsToDouble(value));
            case 'L', '[' -> ObjectIds.render(value, symbols);
            case 0 -> "";
            default -> Long.toString(value);
        };
    }
}
