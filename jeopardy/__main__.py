from jeopardy.cli.main import main

main()
