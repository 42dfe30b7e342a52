; Windows installer (electron-builder NSIS, nsis.include): the CLI's launcher folder,
; resources\bin (exam-practice.cmd), goes on the installing user's PATH, as editors' installers
; do, and comes off at uninstall. HKCU\Environment: no elevation, other users untouched. An
; update runs the old uninstaller first: the entry stays (the new install finds it there).
;
; The PATH is never cut and never gains a stray part: it is edited only when it fits NSIS's
; strings whole (${NSIS_MAX_STRLEN}: 8192 in electron-builder's NSIS, 1024 in Debian's), with the
; two delimiters the edit adds; the folder is added and removed as a whole element; a folder whose
; name holds ";" (it would become two entries, one of them relative) is left off PATH.
!include "WinMessages.nsh"
!include "StrFunc.nsh"

!ifdef BUILD_UNINSTALLER
  ${UnStrRep}
  ${UnStrStr}
!else
  ${StrStr}
!endif

!define CLI_DIR "$INSTDIR\resources\bin"
; Tests point it at a key of their own (test/unit/installer-path.test.ts); the app never does.
!ifndef EXAM_PRACTICE_PATH_KEY
  !define EXAM_PRACTICE_PATH_KEY "Environment"
!endif

!macro examPracticeBroadcast
  ; Open terminals keep their PATH; new ones (and Explorer) read it again.
  SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000
!macroend

!macro customInstall
  ${StrStr} $3 "${CLI_DIR}" ";"
  ${If} $3 != ""
    DetailPrint "The install folder's name holds ';': add ${CLI_DIR} to PATH by hand to type exam-practice."
  ${Else}
    ClearErrors
    ReadRegStr $0 HKCU "${EXAM_PRACTICE_PATH_KEY}" "Path"
    ${If} ${Errors}
      ; No PATH of the user's own yet (a longer one than NSIS reads whole reads as an error with an
      ; empty value too: EnumRegValue tells them apart).
      StrCpy $4 0
      StrCpy $5 ""
      ${Do}
        ClearErrors
        EnumRegValue $6 HKCU "${EXAM_PRACTICE_PATH_KEY}" $4
        ${If} ${Errors}
        ${OrIf} $6 == ""
          ${ExitDo}
        ${EndIf}
        ${If} $6 == "Path"
          StrCpy $5 "present"
        ${EndIf}
        IntOp $4 $4 + 1
      ${Loop}
      ${If} $5 == ""
        WriteRegExpandStr HKCU "${EXAM_PRACTICE_PATH_KEY}" "Path" "${CLI_DIR}"
        !insertmacro examPracticeBroadcast
      ${EndIf}
    ${Else}
      ; A trailing ";" would leave an empty element between the old PATH and the folder.
      ${Do}
        StrCpy $4 $0 1 -1
        ${If} $4 != ";"
          ${ExitDo}
        ${EndIf}
        StrCpy $0 $0 -1
      ${Loop}
      ; Measured in parts: a joined string longer than NSIS holds would be cut before it is measured.
      StrLen $1 $0
      StrLen $4 "${CLI_DIR}"
      IntOp $1 $1 + $4
      IntOp $1 $1 + 2
      ${If} $1 < ${NSIS_MAX_STRLEN}
        ; Delimited on both sides, so "C:\x\bin2" never counts as "C:\x\bin".
        ${StrStr} $2 ";$0;" ";${CLI_DIR};"
        ${If} $2 == ""
          ${If} $0 == ""
            WriteRegExpandStr HKCU "${EXAM_PRACTICE_PATH_KEY}" "Path" "${CLI_DIR}"
          ${Else}
            WriteRegExpandStr HKCU "${EXAM_PRACTICE_PATH_KEY}" "Path" "$0;${CLI_DIR}"
          ${EndIf}
          !insertmacro examPracticeBroadcast
        ${EndIf}
      ${EndIf}
    ${EndIf}
  ${EndIf}
!macroend

!macro customUnInstall
  ${IfNot} ${isUpdated}
    ClearErrors
    ReadRegStr $0 HKCU "${EXAM_PRACTICE_PATH_KEY}" "Path"
    StrLen $1 $0
    IntOp $1 $1 + 2
    ; Unreadable, or too long to hold with its two delimiters: left exactly as it is.
    ${IfNot} ${Errors}
    ${AndIf} $1 < ${NSIS_MAX_STRLEN}
      StrCpy $1 ";$0;"
      ; Every whole-element occurrence ("…;bin;bin;…" too: one replace pass shares a delimiter).
      ${Do}
        ${UnStrStr} $2 $1 ";${CLI_DIR};"
        ${If} $2 == ""
          ${ExitDo}
        ${EndIf}
        ${UnStrRep} $1 $1 ";${CLI_DIR};" ";"
      ${Loop}
      ; Drop the two delimiters added above.
      StrCpy $1 $1 "" 1
      StrCpy $1 $1 -1
      ${If} $1 != $0
        ${If} $1 == ""
          DeleteRegValue HKCU "${EXAM_PRACTICE_PATH_KEY}" "Path"
        ${Else}
          WriteRegExpandStr HKCU "${EXAM_PRACTICE_PATH_KEY}" "Path" "$1"
        ${EndIf}
        !insertmacro examPracticeBroadcast
      ${EndIf}
    ${EndIf}
  ${EndIf}
!macroend
