; Windows installer (electron-builder NSIS, nsis.include): the CLI's launcher folder,
; resources\bin (exam-practice.cmd), goes on the installing user's PATH, as editors' installers
; do, and comes off at uninstall. HKCU\Environment: no elevation, other users untouched. An
; update runs the old uninstaller first: the entry stays (the new install finds it there).
!include "WinMessages.nsh"
!include "StrFunc.nsh"

!ifdef BUILD_UNINSTALLER
  ${UnStrRep}
!else
  ${StrStr}
!endif

!define CLI_DIR "$INSTDIR\resources\bin"

!macro customInstall
  ClearErrors
  ReadRegStr $0 HKCU "Environment" "Path"
  ; Unreadable (absent, or longer than NSIS reads whole): write nothing rather than cut a PATH
  ; short; the README says how to add the folder by hand.
  ${IfNot} ${Errors}
    ; Delimited on both sides, so "C:\x\bin2" never counts as "C:\x\bin".
    ${StrStr} $1 ";$0;" ";${CLI_DIR};"
    StrLen $2 "$0;${CLI_DIR}"
    ${If} $1 == ""
    ${AndIf} $2 < 8000
      WriteRegExpandStr HKCU "Environment" "Path" "$0;${CLI_DIR}"
      ; Open terminals keep their PATH; new ones (and Explorer) read it again.
      SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000
    ${EndIf}
  ${EndIf}
!macroend

!macro customUnInstall
  ${IfNot} ${isUpdated}
    ClearErrors
    ReadRegStr $0 HKCU "Environment" "Path"
    ${IfNot} ${Errors}
      ${UnStrRep} $1 ";$0;" ";${CLI_DIR};" ";"
      ; Drop the two delimiters added above.
      StrCpy $1 $1 "" 1
      StrCpy $1 $1 -1
      ${If} $1 != $0
        WriteRegExpandStr HKCU "Environment" "Path" "$1"
        SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000
      ${EndIf}
    ${EndIf}
  ${EndIf}
!macroend
