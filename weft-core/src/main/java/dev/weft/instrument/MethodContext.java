package dev.weft.instrument;

import dev.weft.trace.Location;
import dev.weft.trace.Symbols;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.AnalyzerAdapter;

/**
 * What the visitors of one method share: where the reader is (line, original offset), the types
 * on the original operand stack, fresh local variable slots, and location registration.
 */
final class MethodContext {
    final String owner;
    final String name;
    final String descriptor;
    final int access;
    final ClassHierarchy hierarchy;
    final ClassFacts facts;
    final Symbols symbols;
    private final String className;
    private final String sourceFile;
    private final OffsetReader reader;
    private final Map<Integer, Integer> locationIds = new HashMap<>();
    private final int firstLine;
    /** Locals from here up are free: the method's own, then those that live through the whole method. */
    private int freeLocals;
    /** Scratch locals live only within the code added for one original instruction. */
    private int nextScratch;
    private int scratchOffset = -1;
    private int line = -1;
    private boolean thisInitialized;
    private AnalyzerAdapter analyzer;
    private int fixedLocation = -1;
    private final ReceiverNames receiverNames;
    /** Handlers added around single instructions, which {@link InnerHandlersFirst} puts first in the exception table. */
    final Set<Label> innermostHandlers = new HashSet<>();

    /** @param receiverNames the names of the method's call receivers, or null (a generated method) */
    MethodContext(String owner, String name, String descriptor, int access, ClassHierarchy hierarchy, ClassFacts facts, Symbols symbols,
                  String sourceFile, OffsetReader reader, int maxLocals, int firstLine, ReceiverNames receiverNames) {
        this.owner = owner;
        this.name = name;
        this.descriptor = descriptor;
        this.access = access;
        this.hierarchy = hierarchy;
        this.facts = facts;
        this.symbols = symbols;
        this.className = owner.replace('/', '.');
        this.sourceFile = sourceFile;
        this.reader = reader;
        this.freeLocals = maxLocals;
        this.firstLine = firstLine;
        this.thisInitialized = !isConstructor();
        this.receiverNames = receiverNames;
    }

    void attach(AnalyzerAdapter analyzer) {
        this.analyzer = analyzer;
    }

    boolean isConstructor() {
        return name.equals("<init>");
    }

    boolean isStatic() {
        return (access & Opcodes.ACC_STATIC) != 0;
    }

    void atLine(int line) {
        this.line = line;
    }

    /** Makes every instruction of this (generated) method report {@code loc}. */
    void fixLocation(int loc) {
        fixedLocation = loc;
    }

    /** The location id of the instruction being visited. */
    int location() {
        if (fixedLocation >= 0) {
            return fixedLocation;
        }
        return locationIds.computeIfAbsent(reader.currentOffset(),
                offset -> symbols.locations().add(new Location(className, name, sourceFile, line, offset)));
    }

    /** The receiver of the call being visited as the source names it (a field or local variable), or null. */
    String receiverName() {
        return receiverNames == null ? null : receiverNames.at(reader.currentOffset());
    }

    /** The location id of the method's entry (its first line, offset 0). */
    int entryLocation() {
        return symbols.locations().add(new Location(className, name, sourceFile, firstLine, 0));
    }

    /** A local that keeps its value through the whole method; take these in visitCode, before any scratch local. */
    int methodLocal(Type type) {
        int slot = freeLocals;
        freeLocals += type.getSize();
        scratchOffset = -1;
        return slot;
    }

    /** A local for the code added around the instruction being visited; reused by the next instruction. */
    int scratchLocal(Type type) {
        if (reader.currentOffset() != scratchOffset) {
            scratchOffset = reader.currentOffset();
            nextScratch = freeLocals;
        }
        int slot = nextScratch;
        nextScratch += type.getSize();
        return slot;
    }

    /**
     * The type the analyzer gives the operand stack entry {@code slotsFromTop} slots below the top
     * (0 = top; longs and doubles take two slots), or null where the stack is unknown (code
     * without stack map frames after a jump).
     */
    Object stackEntry(int slotsFromTop) {
        List<Object> stack = analyzer.stack;
        if (stack == null || stack.size() <= slotsFromTop) {
            return null;
        }
        return stack.get(stack.size() - 1 - slotsFromTop);
    }

    /**
     * For a constructor call being visited (descriptor {@code descriptor}): whether the new object it
     * initialises also lies below it on the stack ({@code new C(...)}'s NEW, DUP), so that the code
     * after the call can see the initialised object.
     */
    boolean newObjectCopiedBelow(String descriptor) {
        int argumentSlots = (Type.getArgumentsAndReturnSizes(descriptor) >> 2) - 1;
        Object receiver = stackEntry(argumentSlots);
        return receiver instanceof Label && stackEntry(argumentSlots + 1) == receiver;
    }

    /** The analyzer's type of local 0, or null if unknown. */
    Object firstLocal() {
        List<Object> locals = analyzer.locals;
        return locals == null || locals.isEmpty() ? null : locals.get(0);
    }

    /**
     * True if the entry {@code slotsFromTop} below the top may be the constructor's uninitialised
     * {@code this}, which the verifier lets no hook see.
     */
    boolean mayBeUninitializedThis(int slotsFromTop) {
        if (thisInitialized) {
            return false;
        }
        Object entry = stackEntry(slotsFromTop);
        return entry == null || entry == Opcodes.UNINITIALIZED_THIS;
    }

    /** Whether this is a constructor whose super(...) or this(...) call has not run yet. */
    boolean isThisUninitialized() {
        return !thisInitialized;
    }

    /** Called when the constructor's super(...) or this(...) call has run. */
    void thisInitialized() {
        thisInitialized = true;
    }
}
