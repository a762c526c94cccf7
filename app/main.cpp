// Placeholder until the main loop lands (next commit); lets the libraries and tests build.
int main() { return 0; }
