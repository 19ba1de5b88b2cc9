package subjects;

/** Has a main method that is not static. */
public class NoMain {
    public void main(String[] args) {
    }
}
