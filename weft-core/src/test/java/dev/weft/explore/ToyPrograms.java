package dev.weft.explore;

import dev.weft.explore.ToyRunner.Op;
import dev.weft.trace.FenceKind;
import dev.weft.trace.MemoryModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Small programs for the toy runner, each with the final-state predicate that makes it a bug. */
final class ToyPrograms {

    /** A named program. */
    record Program(String name, List<List<Op>> threads, Predicate<Map<String, Long>> bad) {
        ToyRunner runner(MemoryModel model) {
            return new ToyRunner(threads, bad, model);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private ToyPrograms() {
    }

    private static long get(Map<String, Long> state, String key) {
        return state.getOrDefault(key, 0L);
    }

    private static Predicate<Map<String, Long>> never() {
        return s -> false;
    }

    /** Store buffering: x = 1; a = y ‖ y = 1; b = x. Bad: a = b = 0. */
    static Program storeBuffering() {
        return new Program("store-buffering", List.of(
                List.of(Op.write("x", 1), Op.read("y")),
                List.of(Op.write("y", 1), Op.read("x"))),
                s -> get(s, "r0.y") == 0 && get(s, "r1.x") == 0);
    }

    /** Store buffering with a fence of the given kind between each thread's write and read. */
    static Program storeBufferingFenced(FenceKind fence) {
        return new Program("store-buffering+" + fence, List.of(
                List.of(Op.write("x", 1), Op.fence(fence), Op.read("y")),
                List.of(Op.write("y", 1), Op.fence(fence), Op.read("x"))),
                s -> get(s, "r0.y") == 0 && get(s, "r1.x") == 0);
    }

    /** Store buffering where each thread first reads back its own write (store forwarding). */
    static Program storeBufferingForwarding() {
        return new Program("store-buffering-forwarding", List.of(
                List.of(Op.write("x", 1), Op.read("x", "own"), Op.read("y")),
                List.of(Op.write("y", 1), Op.read("y", "own"), Op.read("x"))),
                s -> get(s, "r0.y") == 0 && get(s, "r1.x") == 0 && get(s, "r0.own") == 1 && get(s, "r1.own") == 1);
    }

    /** Message passing: x = 1; y = 1 ‖ a = y; b = x. Bad: a = 1, b = 0. */
    static Program messagePassing() {
        return new Program("message-passing", List.of(
                List.of(Op.write("x", 1), Op.write("y", 1)),
                List.of(Op.read("y"), Op.read("x"))),
                s -> get(s, "r1.y") == 1 && get(s, "r1.x") == 0);
    }

    /** Message passing with a store-store fence between the writes. */
    static Program messagePassingFenced() {
        return new Program("message-passing+storestore", List.of(
                List.of(Op.write("x", 1), Op.fence(FenceKind.STORE_STORE), Op.write("y", 1)),
                List.of(Op.read("y"), Op.read("x"))),
                s -> get(s, "r1.y") == 1 && get(s, "r1.x") == 0);
    }

    /** 2+2W: x = 1; y = 2 ‖ y = 1; x = 2. Bad: x = 1 and y = 1 at the end. */
    static Program twoPlusTwoWrites() {
        return new Program("2+2W", List.of(
                List.of(Op.write("x", 1), Op.write("y", 2)),
                List.of(Op.write("y", 1), Op.write("x", 2))),
                s -> get(s, "x") == 1 && get(s, "y") == 1);
    }

    /** Two threads increment c without a lock: a lost update leaves c = 1. */
    static Program lostUpdate() {
        List<Op> increment = List.of(Op.read("c"), Op.write("c", r -> get(r, "c") + 1));
        return new Program("lost-update", List.of(increment, increment), s -> get(s, "c") != 2);
    }

    /** Three threads increment c under one lock: never a bug. */
    static Program lockedCounter() {
        List<Op> increment = List.of(Op.lock("m"), Op.read("c"), Op.write("c", r -> get(r, "c") + 1), Op.unlock("m"));
        return new Program("locked-counter", List.of(increment, increment, increment), s -> get(s, "c") != 3);
    }

    /** Two threads take two locks in opposite orders. */
    static Program lockOrderInversion() {
        return new Program("lock-order-inversion", List.of(
                List.of(Op.lock("a"), Op.lock("b"), Op.write("x", 1), Op.unlock("b"), Op.unlock("a")),
                List.of(Op.lock("b"), Op.lock("a"), Op.write("x", 2), Op.unlock("a"), Op.unlock("b"))),
                never());
    }

    /** A consumer waits (in a loop, under the monitor) for a producer's flag, then reads the data. */
    static Program guardedWait() {
        return new Program("guarded-wait", List.of(
                List.of(Op.lock("m"), Op.read("ready"), Op.jumpIf(r -> get(r, "ready") != 0, 5), Op.await("m"), Op.jump(1),
                        Op.read("data"), Op.unlock("m")),
                List.of(Op.write("data", 42), Op.lock("m"), Op.write("ready", 1), Op.notifyOne("m"), Op.unlock("m"))),
                s -> get(s, "r0.data") != 42);
    }

    /** A consumer waits without checking a condition: the notify can come first and be lost (deadlock). */
    static Program missedNotify() {
        return new Program("missed-notify", List.of(
                List.of(Op.lock("m"), Op.await("m"), Op.read("x"), Op.unlock("m")),
                List.of(Op.lock("m"), Op.write("x", 1), Op.notifyAll("m"), Op.unlock("m"))),
                never());
    }

    /**
     * Two waiters and a notify, then a notifyAll: the notify may wake either waiter present (JLS
     * 17.2.2), so either may see the phase the notify came with; with notify waking only the
     * longest waiter, only the first to wait could.
     */
    static Program notifyWakesAnyWaiter() {
        List<Op> waiter = List.of(Op.lock("m"), Op.read("phase", "before"), Op.jumpIf(r -> get(r, "before") >= 2, 4), Op.await("m"),
                Op.read("phase", "after"), Op.unlock("m"));
        return new Program("notify-wakes-any-waiter", List.of(
                List.of(Op.lock("m"), Op.write("phase", 1), Op.notifyOne("m"), Op.unlock("m"),
                        Op.lock("m"), Op.write("phase", 2), Op.notifyAll("m"), Op.unlock("m")),
                waiter, waiter),
                never());
    }

    /** Main forks two threads that race on x, joins them and reads x. */
    static Program forkJoin() {
        return new Program("fork-join", List.of(
                List.of(Op.write("x", 1), Op.fork(1), Op.fork(2), Op.join(1), Op.join(2), Op.read("x", "end")),
                List.of(Op.read("x"), Op.write("x", r -> get(r, "x") + 10)),
                List.of(Op.write("x", 5))),
                s -> get(s, "r0.end") == 5);
    }

    /** A thread busy-waits on a plain flag, then reads the data the other thread wrote before the flag. */
    static Program spinHandoff() {
        return new Program("spin-handoff", List.of(
                List.of(Op.read("flag", "flag"), Op.spinBack(r -> get(r, "flag") == 0, 0), Op.read("data")),
                List.of(Op.write("data", 1), Op.write("flag", 1))),
                s -> get(s, "r0.data") != 1);
    }

    /** Three threads: two writers of x and a reader that reads it twice. */
    static Program threeThreadReads() {
        return new Program("three-thread-reads", List.of(
                List.of(Op.write("x", 1)),
                List.of(Op.write("x", 2)),
                List.of(Op.read("x", "a"), Op.read("x", "b"))),
                s -> get(s, "r2.a") == 2 && get(s, "r2.b") == 1);
    }

    /** A thread increments x twice in a loop while another overwrites and reads it. */
    static Program loopIncrement() {
        return new Program("loop-increment", List.of(
                List.of(Op.read("x"), Op.write("x", r -> get(r, "x") + 1), Op.set("i", r -> get(r, "i") + 1),
                        Op.jumpIf(r -> get(r, "i") < 2, 0)),
                List.of(Op.write("x", 10), Op.read("x", "seen"))),
                s -> get(s, "x") == 12 && get(s, "r1.seen") == 12);
    }

    /** Peterson's mutual exclusion with busy-wait loops on plain fields; bad when both are in the critical section. */
    static Program peterson() {
        List<List<Op>> threads = new ArrayList<>();
        for (int me = 0; me < 2; me++) {
            int other = 1 - me;
            threads.add(List.of(
                    Op.write("flag" + me, 1),
                    Op.write("turn", other),
                    Op.read("flag" + other, "f"),
                    Op.jumpIf(r -> get(r, "f") == 0, 6),
                    Op.read("turn", "t"),
                    Op.spinBack(r -> get(r, "t") == other, 2),
                    Op.write("in" + me, 1),
                    Op.read("in" + other, "both"),
                    Op.check(r -> get(r, "both") == 0),
                    Op.write("in" + me, 0),
                    Op.write("flag" + me, 0)));
        }
        return new Program("peterson", threads, never());
    }

    /** Dekker's protocol reduced to its entry: flag[me] = 1; if flag[other] == 0 enter (flags stay raised). Bad when both enter. */
    static Program dekkerEntry() {
        List<List<Op>> threads = new ArrayList<>();
        for (int me = 0; me < 2; me++) {
            int other = 1 - me;
            threads.add(List.of(
                    Op.write("flag" + me, 1),
                    Op.read("flag" + other, "f"),
                    Op.jumpIf(r -> get(r, "f") != 0, 4),
                    Op.write("cs" + me, 1)));
        }
        return new Program("dekker-entry", threads, s -> get(s, "cs0") == 1 && get(s, "cs1") == 1);
    }

    /**
     * The example of the talk slides: t1 loops twice over lock; x = 1; y = 1; unlock; t2 loops
     * twice over lock; x = 0; unlock; if (x > 0) { y++; x = 2; }; t3 loops twice over
     * if (x > 1) { if (y == 3) error; else y = 2; }.
     */
    static Program slidesExample() {
        List<Op> t1 = List.of(Op.lock("l"), Op.write("x", 1), Op.write("y", 1), Op.unlock("l"),
                Op.set("i", r -> get(r, "i") + 1), Op.jumpIf(r -> get(r, "i") < 2, 0));
        List<Op> t2 = List.of(Op.lock("l"), Op.write("x", 0), Op.unlock("l"), Op.read("x"),
                Op.jumpIf(r -> get(r, "x") <= 0, 8), Op.read("y"), Op.write("y", r -> get(r, "y") + 1), Op.write("x", 2),
                Op.set("i", r -> get(r, "i") + 1), Op.jumpIf(r -> get(r, "i") < 2, 0));
        List<Op> t3 = List.of(Op.read("x"), Op.jumpIf(r -> get(r, "x") <= 1, 5), Op.read("y"),
                Op.check(r -> get(r, "y") != 3), Op.write("y", 2), Op.set("i", r -> get(r, "i") + 1),
                Op.jumpIf(r -> get(r, "i") < 2, 0));
        return new Program("slides-example", List.of(t1, t2, t3), never());
    }
}
