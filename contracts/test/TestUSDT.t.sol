// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
import {TestUSDT} from "../src/TestUSDT.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @dev Calls SafeERC20 on behalf of the tests (the library needs a caller contract).
contract SafeCaller {
    using SafeERC20 for IERC20;

    function safeTransfer(IERC20 token, address to, uint256 amount) external {
        token.safeTransfer(to, amount);
    }

    function safeTransferFrom(IERC20 token, address from, address to, uint256 amount) external {
        token.safeTransferFrom(from, to, amount);
    }
}

contract TestUSDTTest is Test {
    TestUSDT internal usdt;
    address internal owner;
    address internal alice;
    address internal bob;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function setUp() public {
        owner = makeAddr("owner");
        alice = makeAddr("alice");
        bob = makeAddr("bob");
        usdt = new TestUSDT(owner);
    }

    function test_Metadata() public view {
        assertEq(usdt.name(), "Tether USD", "name");
        assertEq(usdt.symbol(), "USDT", "symbol");
        assertEq(uint256(usdt.decimals()), 6, "6 decimals");
        assertEq(usdt.owner(), owner, "owner");
    }

    function test_Mint() public {
        vm.expectEmit(true, true, false, true, address(usdt));
        emit Transfer(address(0), alice, 1_000e6);
        vm.prank(owner);
        usdt.mint(alice, 1_000e6);
        assertEq(usdt.balanceOf(alice), 1_000e6, "minted balance");
        assertEq(usdt.totalSupply(), 1_000e6, "supply");
    }

    function test_RevertWhen_MintByNonOwner() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        usdt.mint(alice, 1);
    }

    function test_RevertWhen_MintToZero() public {
        vm.expectRevert(abi.encodeWithSelector(TestUSDT.USDTInvalidReceiver.selector, address(0)));
        vm.prank(owner);
        usdt.mint(address(0), 1);
    }

    function test_TransferReturnsNoValue() public {
        vm.prank(owner);
        usdt.mint(alice, 100e6);
        vm.prank(alice);
        (bool ok, bytes memory ret) = address(usdt).call(abi.encodeCall(TestUSDT.transfer, (bob, 40e6)));
        assertTrue(ok, "transfer succeeds");
        assertEq(ret.length, 0, "transfer returns no data");
        assertEq(usdt.balanceOf(bob), 40e6, "recipient credited");
        assertEq(usdt.balanceOf(alice), 60e6, "sender debited");
    }

    function test_ApproveAndTransferFrom() public {
        vm.prank(owner);
        usdt.mint(alice, 100e6);
        vm.expectEmit(true, true, false, true, address(usdt));
        emit Approval(alice, bob, 70e6);
        vm.prank(alice);
        usdt.approve(bob, 70e6);

        vm.prank(bob);
        (bool ok, bytes memory ret) = address(usdt).call(abi.encodeCall(TestUSDT.transferFrom, (alice, bob, 30e6)));
        assertTrue(ok, "transferFrom succeeds");
        assertEq(ret.length, 0, "transferFrom returns no data");
        assertEq(usdt.allowance(alice, bob), 40e6, "allowance reduced");
        assertEq(usdt.balanceOf(bob), 30e6, "recipient credited");
    }

    function test_InfiniteAllowanceIsNotReduced() public {
        vm.prank(owner);
        usdt.mint(alice, 10e6);
        vm.prank(alice);
        usdt.approve(bob, type(uint256).max);
        vm.prank(bob);
        usdt.transferFrom(alice, bob, 5e6);
        assertEq(usdt.allowance(alice, bob), type(uint256).max, "max allowance stays max");
    }

    function test_RevertWhen_TransferExceedsBalance() public {
        vm.prank(owner);
        usdt.mint(alice, 10e6);
        vm.expectRevert(abi.encodeWithSelector(TestUSDT.USDTInsufficientBalance.selector, alice, 10e6, 11e6));
        vm.prank(alice);
        usdt.transfer(bob, 11e6);
    }

    function test_RevertWhen_TransferToZero() public {
        vm.expectRevert(abi.encodeWithSelector(TestUSDT.USDTInvalidReceiver.selector, address(0)));
        vm.prank(alice);
        usdt.transfer(address(0), 0);
    }

    function test_RevertWhen_TransferFromExceedsAllowance() public {
        vm.prank(owner);
        usdt.mint(alice, 10e6);
        vm.prank(alice);
        usdt.approve(bob, 1e6);
        vm.expectRevert(abi.encodeWithSelector(TestUSDT.USDTInsufficientAllowance.selector, bob, 1e6, 2e6));
        vm.prank(bob);
        usdt.transferFrom(alice, bob, 2e6);
    }

    function test_SafeERC20Works() public {
        SafeCaller caller = new SafeCaller();
        vm.prank(owner);
        usdt.mint(address(caller), 50e6);
        caller.safeTransfer(IERC20(address(usdt)), alice, 20e6);
        assertEq(usdt.balanceOf(alice), 20e6, "safeTransfer moved the tokens");

        vm.prank(alice);
        usdt.approve(address(caller), 20e6);
        caller.safeTransferFrom(IERC20(address(usdt)), alice, bob, 20e6);
        assertEq(usdt.balanceOf(bob), 20e6, "safeTransferFrom moved the tokens");
    }

    function test_RevertWhen_SafeTransferExceedsBalance() public {
        SafeCaller caller = new SafeCaller();
        vm.expectRevert(abi.encodeWithSelector(TestUSDT.USDTInsufficientBalance.selector, address(caller), 0, 1));
        caller.safeTransfer(IERC20(address(usdt)), alice, 1);
    }

    function testFuzz_Transfer(uint256 minted, uint256 amount) public {
        minted = bound(minted, 0, 1e30);
        amount = bound(amount, 0, minted);
        vm.prank(owner);
        usdt.mint(alice, minted);
        vm.prank(alice);
        usdt.transfer(bob, amount);
        assertEq(usdt.balanceOf(alice), minted - amount, "sender debited exactly");
        assertEq(usdt.balanceOf(bob), amount, "recipient credited exactly");
        assertEq(usdt.totalSupply(), minted, "supply conserved");
    }

    function testFuzz_RevertWhen_TransferFromOverAllowance(uint256 allowed, uint256 amount) public {
        allowed = bound(allowed, 0, 1e30);
        amount = bound(amount, allowed + 1, 1e31);
        vm.prank(owner);
        usdt.mint(alice, 1e31);
        vm.prank(alice);
        usdt.approve(bob, allowed);
        vm.expectRevert(abi.encodeWithSelector(TestUSDT.USDTInsufficientAllowance.selector, bob, allowed, amount));
        vm.prank(bob);
        usdt.transferFrom(alice, bob, amount);
    }
}
