@echo off
rem Exam Practice's CLI on Windows: the app's own binary with --cli, no window (docs/desktop.md).
rem Electron attaches to this console for the output; a batch file waits for the program and
rem passes its exit code on (0 done, 2 bad usage, ...).
"%~dp0..\..\Exam Practice.exe" --cli %*
exit /b %ERRORLEVEL%
