try:  # an interrupt while the program is still loading: the same one line as later
    from jeopardy.cli.main import main
except KeyboardInterrupt:
    import sys

    sys.stderr.write("jeopardy: interrupted\n")
    sys.exit(130)

main()
