package subjects;

/** Null pointers reached through fields, arrays and locals, one per argument: their messages must read as under plain java. */
public class NullPaths {
    static Box box;
    static Box[] boxes = new Box[2];
    Box mine;

    static class Box {
        int value;
        Box next;
    }

    public static void main(String[] args) {
        NullPaths self = new NullPaths();
        Box local = new Box();
        int i = 1;
        switch (args[0]) {
            case "static" -> System.out.println(box.value);
            case "path" -> System.out.println(self.mine.value);
            case "chain" -> {
                self.mine = new Box();
                System.out.println(self.mine.next.value);
            }
            case "array" -> System.out.println(boxes[i].value);
            case "local" -> System.out.println(local.next.next);
            case "this" -> self.own();
            case "invoke" -> System.out.println(box.toString());
            case "assign" -> box.value = 3;
            case "increment" -> box.value++;
            case "chainIncrement" -> self.mine.value += 2;
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    void own() {
        System.out.println(mine.value);
    }
}
