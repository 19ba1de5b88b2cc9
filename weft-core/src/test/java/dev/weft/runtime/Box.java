package dev.weft.runtime;

/** An object with fields, for instance-field accesses in test programs. */
final class Box {
    int value;
    Object next;
}
