; The Windows installer of Omweso, built by .ci/windows with Debian's NSIS:
;   makensis -DVERSION=0.1.0 -DSOURCE=<folder with omweso.exe, omweso.ico, README.txt, LICENSE.txt>
;            -DOUTFILE=<setup .exe> assets/windows/omweso.nsi
; For the current user (no administrator rights asked): the program under
; %LOCALAPPDATA%\Programs\Omweso, a Start-menu entry with the icon, the .omweso file type
; (a double click opens the game, handed to an open window) and an uninstaller, listed in
; Apps & features. The uninstaller removes what it installed and leaves the saved games and
; the data folder (%APPDATA%\Omweso) alone. `/S` installs and uninstalls silently.
Unicode true
Target amd64-unicode
RequestExecutionLevel user
SetCompressor /SOLID lzma

!include "MUI2.nsh"

!define NAME "Omweso"
!define PROGID "Omweso.SavedGame"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Omweso"

Name "${NAME}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\Omweso"
InstallDirRegKey HKCU "Software\Omweso" "InstallDir"
!define MUI_ICON "${SOURCE}\omweso.ico"
!define MUI_UNICON "${SOURCE}\omweso.ico"
VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "Omweso"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "Omweso installer"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "LegalCopyright" "The Omweso developers (MIT licence)"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!define MUI_FINISHPAGE_RUN "$INSTDIR\omweso.exe"
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Section "Omweso"
    SetOutPath "$INSTDIR"
    File "${SOURCE}\omweso.exe"
    File "${SOURCE}\omweso.ico"
    File "${SOURCE}\README.txt"
    File "${SOURCE}\LICENSE.txt"
    WriteUninstaller "$INSTDIR\uninstall.exe"
    WriteRegStr HKCU "Software\Omweso" "InstallDir" "$INSTDIR"

    CreateShortcut "$SMPROGRAMS\Omweso.lnk" "$INSTDIR\omweso.exe" "" "$INSTDIR\omweso.ico" 0

    ; The file type, for this user: a double click runs `omweso.exe "<file>"`, which hands
    ; the file to a window already open.
    WriteRegStr HKCU "Software\Classes\.omweso" "" "${PROGID}"
    WriteRegStr HKCU "Software\Classes\.omweso" "Content Type" "application/x-omweso"
    WriteRegStr HKCU "Software\Classes\${PROGID}" "" "Omweso saved game"
    WriteRegStr HKCU "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\omweso.ico,0"
    WriteRegStr HKCU "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\omweso.exe" "%1"'
    System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "Omweso"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "The Omweso developers"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\omweso.ico"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
    WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
    WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
    WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
    ; Only what the installer put there: the saved games (wherever the player keeps them)
    ; and %APPDATA%\Omweso (the kept game, settings and log) stay.
    Delete "$INSTDIR\omweso.exe"
    Delete "$INSTDIR\omweso.ico"
    Delete "$INSTDIR\README.txt"
    Delete "$INSTDIR\LICENSE.txt"
    Delete "$INSTDIR\uninstall.exe"
    RMDir "$INSTDIR"
    Delete "$SMPROGRAMS\Omweso.lnk"
    ReadRegStr $0 HKCU "Software\Classes\.omweso" ""
    StrCmp $0 "${PROGID}" 0 +2
        DeleteRegKey HKCU "Software\Classes\.omweso"
    DeleteRegKey HKCU "Software\Classes\${PROGID}"
    DeleteRegKey HKCU "${UNINSTALL_KEY}"
    DeleteRegKey HKCU "Software\Omweso"
    System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd
