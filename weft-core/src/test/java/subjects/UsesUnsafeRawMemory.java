package subjects;

import java.lang.reflect.Field;

/** sun.misc.Unsafe's raw memory, which no event can follow. */
@SuppressWarnings("removal")
public class UsesUnsafeRawMemory {
    public static void main(String[] args) throws ReflectiveOperationException {
        Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        sun.misc.Unsafe unsafe = (sun.misc.Unsafe) theUnsafe.get(null);
        long address = unsafe.allocateMemory(8);
        unsafe.freeMemory(address);
    }
}
