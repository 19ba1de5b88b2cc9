package subjects;

/** Array element accesses of every element type, and a two-dimensional array. */
public class ArrayAccess {
    static int sum;
    static String first;

    public static void main(String[] args) {
        int[] ints = new int[2];
        ints[1] = 5;
        long[] longs = {7L};
        boolean[] flags = new boolean[1];
        flags[0] = true;
        byte[] bytes = new byte[1];
        bytes[0] = -3;
        char[] chars = {'x'};
        short[] shorts = {4};
        float[] floats = {1f};
        double[] doubles = {2d};
        String[] names = {"n"};
        int[][] grid = new int[2][2];
        grid[1][0] = 6;
        sum = ints[1] + (int) longs[0] + (flags[0] ? 1 : 0) + bytes[0] + chars[0] + shorts[0] + (int) floats[0] + (int) doubles[0] + grid[1][0];
        first = names[0];
    }
}
