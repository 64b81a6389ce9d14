#pragma once
// Forward declarations of the Qt widget classes that the workbench's headers name only by pointer
// (as <iosfwd> does for streams): a header includes this instead of repeating the list, and the
// .cpp includes the widgets it builds.

class QAction;
class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QFormLayout;
class QGridLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QMenu;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QScrollArea;
class QSpinBox;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QTableWidget;
class QTextBrowser;
class QToolButton;
class QTreeView;
class QTreeWidget;
class QVBoxLayout;
class QWidget;
